import * as z from 'zod/mini';
import { USAGE_GROUPS } from './values/keys.js';

export * from './values/keys.js';

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
const isoTime = z.iso.datetime({ offset: true });

/** POST /api/v1/api-keys. expires_at must lie in the future (the handler's 400); omit or null for a key that never expires. */
export const CreateKeyBody = z.object({
  name: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  expires_at: z.optional(z.nullable(isoTime)),
});
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

/** v1 management list item (GET /api/v1/api-keys, and the answer of a revoke). */
export const ManagedKey = z.looseObject({
  id: str,
  name: nstr,
  key_prefix: str,
  key_last4: str,
  created_at: str,
  expires_at: nstr,
  last_used_at: nstr,
  request_count: count,
  is_active: z.boolean(),
});
export type ManagedKey = z.infer<typeof ManagedKey>;
/** GET /api/v1/api-keys answers a bare array, newest first. */
export const ManagedKeys = z.array(ManagedKey);

/** POST /api/v1/api-keys: the spec's api_key (the whole secret, this once), created_at, expires_at, plus the item's id, name and visible parts. */
export const CreatedKey = z.looseObject({
  api_key: str,
  created_at: str,
  expires_at: nstr,
  id: str,
  name: nstr,
  key_prefix: str,
  key_last4: str,
});
export type CreatedKey = z.infer<typeof CreatedKey>;

/** POST /api/v1/api-keys/revoke-all: the message names the count. */
export const RevokeAllResult = z.looseObject({ success: z.boolean(), message: str, revoked_count: z.optional(count) });
export type RevokeAllResult = z.infer<typeof RevokeAllResult>;

/** GET /api/v1/api-keys/{key_id}/requests answers a bare array of these, newest first. */
export const KeyRequestRow = z.looseObject({
  id: str,
  method: str,
  path: str,
  status_code: z.int(),
  duration_ms: count,
  ip_address: str,
  user_agent: nstr,
  created_at: str,
});
export type KeyRequestRow = z.infer<typeof KeyRequestRow>;
export const KeyRequestRows = z.array(KeyRequestRow);

/** v2 GET /api-keys item: never a secret. */
export const V2Key = z.looseObject({
  key_id: str,
  key_prefix: str,
  key_last4: str,
  name: nstr,
  scopes: z.array(str),
  created_at: str,
  last_used_at: nstr,
  is_active: z.boolean(),
});
export type V2Key = z.infer<typeof V2Key>;
/** v2 GET /api-keys: {keys: [...]}, newest first. */
export const V2KeyList = z.looseObject({ keys: z.array(V2Key) });
export type V2KeyList = z.infer<typeof V2KeyList>;

export const UsageRow = z.looseObject({ group: str, calls: count, credits_spent: count, errors: count });
export type UsageRow = z.infer<typeof UsageRow>;

/** v2 GET /usage */
export const Usage = z.looseObject({
  days: z.int(),
  group_by: z.enum(USAGE_GROUPS),
  total_calls: count,
  total_credits_spent: count,
  total_errors: count,
  rows: z.array(UsageRow),
});
export type Usage = z.infer<typeof Usage>;
