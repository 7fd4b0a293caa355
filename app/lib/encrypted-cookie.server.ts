import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createCookie, type Cookie, type CookieOptions } from '@remix-run/node';

// The session cookies carry identity tokens and an e-mail: their value is AES-256-GCM
// encrypted (key derived from SESSION_SECRET, random nonce per write, the cookie's name as
// additional data), and the Remix cookie around it still signs it. A cookie that does not
// decrypt (tampered, or from before encryption) reads as an empty session.

function keyFor(secret: string): Buffer {
  return createHash('sha256').update('showroom session cookie v1\u0000').update(secret).digest();
}

function encrypt(key: Buffer, name: string, value: unknown): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

function decrypt(key: Buffer, name: string, sealed: unknown): unknown {
  if (typeof sealed !== 'string') return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}

/** A signed Remix cookie whose value is encrypted; usable as `createCookieSessionStorage({ cookie })`. */
export function createEncryptedCookie(name: string, options: CookieOptions & { secrets: string[] }): Cookie {
  const inner = createCookie(name, options);
  const key = keyFor(options.secrets[0]!);
  return {
    get name() {
      return inner.name;
    },
    get isSigned() {
      return inner.isSigned;
    },
    get expires() {
      return inner.expires;
    },
    async parse(cookieHeader, parseOptions) {
      return decrypt(key, name, await inner.parse(cookieHeader, parseOptions));
    },
    serialize(value, serializeOptions) {
      return inner.serialize(encrypt(key, name, value), serializeOptions);
    },
  };
}
