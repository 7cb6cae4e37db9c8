import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { optionalSecret } from '../config';

/**
 * Users' OAuth refresh tokens at rest: AES-256-GCM under ENCRYPTION_KEY, a random 12-byte nonce each time.
 * ENCRYPTION_KEY is 32 bytes written as 64 hex characters (`openssl rand -hex 32`) or as base64 (`openssl rand -base64 32`).
 * A sealed value reads `v1.<nonce>.<ciphertext>.<tag>` (base64url parts), so a row never holds the token in clear.
 */
const VERSION = 'v1';
const NONCE_BYTES = 12;
const KEY_HINT = 'must be 32 bytes as 64 hex characters (openssl rand -hex 32) or base64 (openssl rand -base64 32)';

export const ENCRYPTION_PROVIDER = { name: 'Token encryption', variables: ['ENCRYPTION_KEY'] };

/** The key's bytes, or null when `value` is not a 32-byte key in hex or base64. */
export function parseEncryptionKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** ENCRYPTION_KEY in a service's config: optional (connect then answers 503 naming it), refused at start when malformed. */
export const encryptionKeySetting = optionalSecret.refine((v) => v === undefined || parseEncryptionKey(v) !== null, KEY_HINT);

export class TokenCipher {
  private constructor(private readonly key: Buffer) {}

  /** The cipher for ENCRYPTION_KEY; unset (or malformed) is the 503 that names the variable. */
  static require(encryptionKey: string | undefined): TokenCipher {
    const key = encryptionKey ? parseEncryptionKey(encryptionKey) : null;
    if (!key) throw new ProviderUnavailableError(ENCRYPTION_PROVIDER.name, ENCRYPTION_PROVIDER.variables);
    return new TokenCipher(key);
  }

  seal(plain: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The token sealed by `seal`; a value sealed under another key, or altered, throws TokenCipherError. */
  open(sealed: string): string {
    const [version, nonce, data, tag] = sealed.split('.');
    if (version !== VERSION || nonce === undefined || data === undefined || tag === undefined) {
      throw new TokenCipherError('not a sealed token');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new TokenCipherError('sealed under another ENCRYPTION_KEY or altered');
    }
  }
}

/** A stored token that cannot be opened (the key changed): the connection has to be made again. */
export class TokenCipherError extends Error {
  constructor(reason: string) {
    super(`Cannot open the stored token: ${reason}`);
    this.name = 'TokenCipherError';
  }
}
