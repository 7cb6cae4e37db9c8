import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptionKeySetting, parseEncryptionKey, TokenCipher, TokenCipherError } from './token-cipher';

const hexKey = randomBytes(32).toString('hex');

describe('TokenCipher', () => {
  it('opens what it sealed, and never shows the token in the sealed value', () => {
    const cipher = TokenCipher.require(hexKey);
    const sealed = cipher.seal('1//refresh-token-secret');
    expect(sealed).not.toContain('refresh-token-secret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(cipher.open(sealed)).toBe('1//refresh-token-secret');
  });

  it('uses a new nonce each time, so the same token seals differently', () => {
    const cipher = TokenCipher.require(hexKey);
    expect(cipher.seal('same')).not.toBe(cipher.seal('same'));
  });

  it('refuses a value sealed under another key or altered', () => {
    const sealed = TokenCipher.require(hexKey).seal('token');
    expect(() => TokenCipher.require(randomBytes(32).toString('hex')).open(sealed)).toThrow(TokenCipherError);
    const parts = sealed.split('.');
    parts[2] = Buffer.from('tampered').toString('base64url');
    expect(() => TokenCipher.require(hexKey).open(parts.join('.'))).toThrow(TokenCipherError);
  });

  it('accepts a 32-byte key in hex or base64 and refuses anything else', () => {
    expect(parseEncryptionKey(hexKey)).toHaveLength(32);
    expect(parseEncryptionKey(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(parseEncryptionKey('CHANGE_ME')).toBeNull();
    expect(parseEncryptionKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(encryptionKeySetting.safeParse('short').success).toBe(false);
    expect(encryptionKeySetting.safeParse('').data).toBeUndefined();
  });

  it('answers 503 naming ENCRYPTION_KEY when the key is not set', () => {
    expect(() => TokenCipher.require(undefined)).toThrow(/Set ENCRYPTION_KEY/);
    try {
      TokenCipher.require(undefined);
    } catch (error) {
      expect(error).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE', details: { variables: ['ENCRYPTION_KEY'] } });
    }
  });
});
