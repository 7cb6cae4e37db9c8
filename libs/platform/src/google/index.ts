export * from './google-oauth';
export * from './oauth-state';
export * from './token-cipher';
export * from './google-connection-kit';
