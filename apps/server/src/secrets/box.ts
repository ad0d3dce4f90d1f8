import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (webhook signing secrets; calendar app passwords) are kept
 * encrypted at rest with AES-256-GCM (decision 036): a random 12-byte nonce per value, the tag
 * checked on reading, and a version prefix so the key or the scheme can change later. The key is
 * SECRETS_KEY when set, else derived from the auth secret with HKDF — so the embedded default needs
 * no setup, and rotating the auth secret without SECRETS_KEY makes stored secrets unreadable (the
 * operator sets SECRETS_KEY first; docs/configuration.md).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was not sealed with this key (or was altered). */
  open(sealed: string): string;
}

const VERSION = 'v1';

export function secretsKeyFrom(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'nexa', 'nexa secrets box v1', 32));
}

export function createSecretBox(material: string): SecretBox {
  if (material.length < 32) throw new Error('the secrets key needs at least 32 characters');
  const key = secretsKeyFrom(material);
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
        '.',
      );
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
