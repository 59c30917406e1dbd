import { API_KEY_PREFIX, KEY_LAST4_LENGTH, KEY_PREFIX_LENGTH } from './schemas/values/auth.js';

/**
 * Secrets never appear whole in output, logs or traces. A key shows as its first
 * 10 characters and last 4 (`svcapi_abc...wxyz`); a JWT or unknown token shows less.
 */
export function maskSecret(secret: string | undefined | null): string {
  if (!secret) return '(none)';
  if (secret.startsWith(API_KEY_PREFIX) && secret.length >= 24)
    return `${secret.slice(0, KEY_PREFIX_LENGTH)}...${secret.slice(-KEY_LAST4_LENGTH)}`;
  if (secret.length <= 12) return '****';
  return `${secret.slice(0, 4)}...${secret.slice(-4)}`;
}

/** Anything shaped like a key or a JWT, known to us or not (a key typed as a flag, say). */
const SECRET_PATTERNS = [/svcapi_[A-Za-z0-9_-]{12,}/g, /eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]+/g];

/** Replaces the given secrets, and anything shaped like a key or JWT, by their masked form. */
export function redactText(text: string, secrets: Iterable<string | undefined | null> = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 8) out = out.split(s).join(maskSecret(s));
  for (const re of SECRET_PATTERNS) out = out.replace(re, (m) => maskSecret(m));
  return out;
}

/** True for hosts on this machine, the only ones plain http is allowed to. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}
