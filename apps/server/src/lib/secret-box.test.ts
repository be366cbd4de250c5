import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBoxError, createSecretBox, parseSecretBoxKey } from './secret-box.js';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it('round-trips, and the sealed text neither contains the secret nor repeats (random IV)', () => {
    const a = box.encrypt('JBSWY3DPEHPK3PXP');
    const b = box.encrypt('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(box.decrypt(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered ciphertext, IV, tag, version, or another key', () => {
    const sealed = box.encrypt('secret');
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    expect(() => box.decrypt([version, iv, tag, flip(data)].join('.'))).toThrow(SecretBoxError);
    expect(() => box.decrypt([version, flip(iv), tag, data].join('.'))).toThrow(SecretBoxError);
    expect(() => box.decrypt([version, iv, flip(tag), data].join('.'))).toThrow(SecretBoxError);
    expect(() => box.decrypt(['v2', iv, tag, data].join('.'))).toThrow(SecretBoxError);
    expect(() => box.decrypt('not sealed')).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed)).toThrow(SecretBoxError);
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });

  it('reads a key as hex or base64, and nothing else', () => {
    const raw = randomBytes(32);
    expect(parseSecretBoxKey(raw.toString('hex'))).toEqual(raw);
    expect(parseSecretBoxKey(raw.toString('base64'))).toEqual(raw);
    expect(parseSecretBoxKey(raw.toString('base64url'))).toEqual(raw);
    expect(parseSecretBoxKey('too-short')).toBeUndefined();
    expect(parseSecretBoxKey(randomBytes(31).toString('hex'))).toBeUndefined();
  });
});
