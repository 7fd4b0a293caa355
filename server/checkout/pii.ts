import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// SSNs and dates of birth at rest: AES-256-GCM with a random 12-byte nonce per write, stored
// as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The cart id is the additional authenticated
// data, so a cipher copied onto another cart does not decrypt. Nothing here logs.

const VERSION = 'v1';

export type PiiValues = Record<string, string>;

export function encryptPii(key: Buffer, values: PiiValues, cartId: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(cartId));
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return [
    VERSION,
    nonce.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function decryptPii(key: Buffer, stored: string | null, cartId: string): PiiValues {
  if (!stored) return {};
  const [version, nonce, tag, body] = stored.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('unreadable PII cipher');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(cartId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as PiiValues;
}
