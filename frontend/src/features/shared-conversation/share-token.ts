/** Share tokens are 32 random bytes in base64url: 43 characters (see the chat service). */
const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isValidShareToken(token: string | undefined): token is string {
  return typeof token === 'string' && SHARE_TOKEN.test(token);
}
