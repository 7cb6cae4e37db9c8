export * from './google-oauth';
export * from './oauth-state';
export * from './token-cipher';
