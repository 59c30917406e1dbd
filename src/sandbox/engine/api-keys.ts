import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, KEY_PREFIX_LENGTH, KEY_LAST4_LENGTH } from '../../api/schemas/auth.js';

/** A new secret: the prefix and 48 crypto-random bytes in base64url (64 characters). */
export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(48).toString('base64url');
}

/** Keys are stored only as this hash (plus their visible prefix and last 4). */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function visibleParts(secret: string): { key_prefix: string; key_last4: string } {
  return { key_prefix: secret.slice(0, KEY_PREFIX_LENGTH), key_last4: secret.slice(-KEY_LAST4_LENGTH) };
}
