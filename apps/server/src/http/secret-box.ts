import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts the few secrets the hub must read back (a division's SSO client secret); docs/decisions/021-sso-secrets.md. */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /** The plain text; throws when the key or the context differs, or the text was altered. */
  open(sealed: string, context: string): string;
};

const VERSION = 'v1';

/**
 * AES-256-GCM with a key derived from the server secret by HKDF-SHA256 (never stored). Each value
 * gets a fresh 96-bit IV; `context` (e.g. `division_sso:12`) is the additional data, so a sealed
 * value copied to another row does not open there. Stored as `v1.iv.tag.ciphertext` (base64url).
 */
export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'profilehub', 'secret-box v1: stored third-party secrets', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
