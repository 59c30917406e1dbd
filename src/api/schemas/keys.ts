import * as z from 'zod/mini';
import { described } from './described.js';
import { Scope } from './auth.js';
import { MAX_ACTIVE_KEYS_PER_USER, USAGE_GROUPS, USAGE_LIMITS } from './values/keys.js';

export * from './values/keys.js';

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
const isoTime = z.iso.datetime({ offset: true });
const dateTime = { format: 'date-time' } as const;

const keyParts = {
  key_prefix: described(str, 'The first 10 characters of the key (svcapi_...).'),
  key_last4: described(str, 'The last 4 characters of the key.'),
  name: described(nstr, 'Name given at creation, or null.'),
  created_at: described(str, 'When the key was created (ISO 8601).', dateTime),
};
const lastUsed = described(nstr, 'When the key was last used (ISO 8601), or null.', dateTime);
const isActive = described(z.boolean(), 'false once revoked (for good).');

/** POST /api/v1/api-keys. expires_at must lie in the future (the handler's 400); omit or null for a key that never expires. */
export const CreateKeyBody = described(
  z.object({
    name: z.optional(described(z.nullable(z.string().check(z.maxLength(200))), 'A name to recognise the key by.')),
    expires_at: z.optional(
      described(z.nullable(isoTime), 'When the key stops working (ISO 8601, in the future); omit or null for a key that never expires.'),
    ),
  }),
  `A new API key (at most ${MAX_ACTIVE_KEYS_PER_USER} active per user per organization).`,
);
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

/** v1 management list item (GET /api/v1/api-keys, and the answer of a revoke). */
export const ManagedKey = described(
  z.looseObject({
    id: described(str, 'Id of the key (a UUID).', { format: 'uuid' }),
    ...keyParts,
    expires_at: described(nstr, 'When the key stops working (ISO 8601), or null.', dateTime),
    last_used_at: lastUsed,
    request_count: described(count, 'Requests made with the key.'),
    is_active: isActive,
  }),
  'An API key, without its secret.',
);
export type ManagedKey = z.infer<typeof ManagedKey>;
/** GET /api/v1/api-keys answers a bare array, newest first. */
export const ManagedKeys = described(z.array(ManagedKey), 'API keys of the organization, newest first.');

/** POST /api/v1/api-keys: the spec's api_key (the whole secret, this once), created_at, expires_at, plus the item's id, name and visible parts. */
export const CreatedKey = described(
  z.looseObject({
    api_key: described(str, 'The whole secret (svcapi_...), shown this once.'),
    expires_at: described(nstr, 'When the key stops working (ISO 8601), or null.', dateTime),
    id: described(str, 'Id of the key (a UUID).', { format: 'uuid' }),
    ...keyParts,
  }),
  'A new API key with its secret, shown this once.',
);
export type CreatedKey = z.infer<typeof CreatedKey>;

/** POST /api/v1/api-keys/revoke-all: the message names the count. */
export const RevokeAllResult = described(
  z.looseObject({
    success: described(z.boolean(), 'Whether the keys were revoked.'),
    message: described(str, 'How many keys were revoked.'),
    revoked_count: z.optional(described(count, 'Keys revoked.')),
  }),
  'Every active key of the user, revoked.',
);
export type RevokeAllResult = z.infer<typeof RevokeAllResult>;

/** GET /api/v1/api-keys/{key_id}/requests answers a bare array of these, newest first. */
export const KeyRequestRow = described(
  z.looseObject({
    id: described(str, 'Id of the request.'),
    method: described(str, 'HTTP method.'),
    path: described(str, 'Path requested.'),
    status_code: described(z.int(), 'HTTP status answered.'),
    duration_ms: described(count, 'Time taken, in milliseconds.'),
    ip_address: described(str, 'Address the request came from.'),
    user_agent: described(nstr, 'User-Agent header, or null.'),
    created_at: described(str, 'When it was made (ISO 8601).', dateTime),
  }),
  'One request made with a key.',
);
export type KeyRequestRow = z.infer<typeof KeyRequestRow>;
export const KeyRequestRows = described(z.array(KeyRequestRow), 'Requests made with a key, newest first.');

/** v2 GET /api-keys item: never a secret. */
export const V2Key = described(
  z.looseObject({
    key_id: described(str, 'Id of the key.'),
    ...keyParts,
    scopes: described(z.array(Scope), 'Scopes the key carries.'),
    last_used_at: lastUsed,
    is_active: isActive,
  }),
  'An API key of the organization, without its secret.',
);
export type V2Key = z.infer<typeof V2Key>;
/** v2 GET /api-keys: {keys: [...]}, newest first. */
export const V2KeyList = described(
  z.looseObject({ keys: described(z.array(V2Key), 'Keys, newest first.') }),
  "API keys of the token's organization (never their secrets).",
);
export type V2KeyList = z.infer<typeof V2KeyList>;

export const UsageRow = described(
  z.looseObject({
    group: described(str, 'The group: an endpoint template without /api/v2 (tool), a key id (key), a date (day) or an error code (error).'),
    calls: described(count, 'Requests.'),
    credits_spent: described(count, 'Credits reserved at dispatch, each request rounded up; 0 for free endpoints.'),
    errors: described(count, 'Requests that failed.'),
  }),
  'Usage of one group.',
);
export type UsageRow = z.infer<typeof UsageRow>;

/** v2 GET /usage */
export const Usage = described(
  z.looseObject({
    days: described(z.int(), 'The window in days.', { minimum: USAGE_LIMITS.days.min, maximum: USAGE_LIMITS.days.max }),
    group_by: described(z.enum(USAGE_GROUPS), 'How rows are grouped.'),
    total_calls: described(count, 'Requests in the window.'),
    total_credits_spent: described(count, 'Credits reserved in the window.'),
    total_errors: described(count, 'Failed requests in the window.'),
    rows: described(z.array(UsageRow), 'One row per group.'),
  }),
  'Calls, credits and errors over a window.',
);
export type Usage = z.infer<typeof Usage>;
