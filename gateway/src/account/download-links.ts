import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh nonce for an export's next download link. */
export const newLinkNonce = () => randomBytes(24).toString('base64url');

const mac = (secret: string, exportId: string, nonce: string) =>
  createHmac('sha256', secret).update(`account-export:${exportId}:${nonce}`).digest('base64url');

/** The token of a download link: the export's current nonce and an HMAC of it with the export's id. */
export function signLink(secret: string, exportId: string, nonce: string): string {
  return `${nonce}.${mac(secret, exportId, nonce)}`;
}

/** The nonce a token carries when its signature is this installation's for this export; null otherwise. */
export function verifyLink(secret: string, exportId: string, token: string): string | null {
  const [nonce, signature, ...rest] = token.split('.');
  if (!nonce || !signature || rest.length) return null;
  const expected = Buffer.from(mac(secret, exportId, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}
