import type { ManagedKey } from '../../../api/schemas/keys.js';
import { isApiError, type ApiError } from '../../../api/errors.js';
import type { Keys } from '../../../api/resources/keys.js';
import { UUID_PATTERN } from '../../../api/schemas/values/lists.js';
import { authError } from '../../../cli/errors.js';
import { API_KEY_PREFIX, KEY_LAST4_LENGTH, KEY_PREFIX_LENGTH } from '../../../api/schemas/values/auth.js';
import { notFoundError, usageError } from '../../../cli/errors.js';
import { quoted } from '../../../cli/output/printable.js';

/** How a key is shown everywhere: `svcapi_abc...wxyz`, never the whole secret. */
export const maskedKey = (k: Pick<ManagedKey, 'key_prefix' | 'key_last4'>) => `${k.key_prefix}...${k.key_last4}`;

function matches(k: ManagedKey, ref: string): boolean {
  if (k.id === ref || k.key_last4 === ref) return true;
  // The start of a prefix may leave out "svcapi_" (`abc` for `svcapi_abc`).
  if (!ref.startsWith(API_KEY_PREFIX))
    return ref.length > 0 && ref.length < KEY_LAST4_LENGTH && k.key_prefix.startsWith(API_KEY_PREFIX + ref);
  if (ref.length <= KEY_PREFIX_LENGTH) return k.key_prefix.startsWith(ref);
  // The masked form shown by `keys ls`, or the whole secret, names the key by both visible parts.
  return k.key_prefix === ref.slice(0, KEY_PREFIX_LENGTH) && k.key_last4 === ref.slice(-KEY_LAST4_LENGTH);
}

/**
 * The one key that `ref` names: its id, its last 4 characters, its masked form (or whole
 * secret), or the start of its key_prefix (`svcapi_ab`). When several match and exactly one of them is active, that one is meant.
 */
export function resolveKey(keys: readonly ManagedKey[], ref: string): ManagedKey {
  const found = keys.filter((k) => matches(k, ref));
  const active = found.filter((k) => k.is_active);
  const one = found.length === 1 ? found[0] : active.length === 1 ? active[0] : undefined;
  if (one) return one;
  if (found.length === 0)
    throw notFoundError(`no API key matches "${ref}"`, 'Give the id, the prefix or the last 4 characters shown by `prospect keys ls`.');
  const listing = found
    .map((k) => `${k.id} ${maskedKey(k)}${k.name ? ` ${quoted(k.name)}` : ''}${k.is_active ? '' : ' (revoked)'}`)
    .join('; ');
  throw usageError(`"${ref}" matches ${found.length} keys: ${listing}`, 'Give the key id.');
}

/** The 403 a plan without API access answers to listing keys (revoking and reading logs are not gated). */
export const isListingGated = (e: unknown): e is ApiError => isApiError(e) && e.status === 403 && e.is('permission_denied');

/**
 * The organization's keys to resolve `ref` against, or null when the plan gates listing and
 * `ref` is a key id: revoking a key and reading its log are not plan-gated, so an id works on
 * any plan. Another reference on such a plan exits 3 saying to give the id.
 */
export async function keysFor(keys: Keys, ref: string): Promise<ManagedKey[] | null> {
  try {
    return await keys.list();
  } catch (e) {
    if (isListingGated(e)) {
      if (UUID_PATTERN.test(ref)) return null;
      throw authError(
        e.code,
        e.message,
        'Listing keys needs a plan with API access; revoking a key and reading its log do not: give the key id (a UUID).',
      );
    }
    throw e;
  }
}

/** The organization's keys, or null when the plan gates listing them. */
export async function listKeysUnlessGated(keys: Keys): Promise<ManagedKey[] | null> {
  return keys.list().catch((e: unknown) => {
    if (isListingGated(e)) return null;
    throw e;
  });
}
