/** Active API keys a user may hold in one organization (the spec's Authentication and Limits sections). */
export const MAX_ACTIVE_KEYS_PER_USER = 10;

/** GET /api/v1/api-keys/{key_id}/requests */
export const KEY_REQUESTS_LIMITS = { limit: { min: 1, max: 500, default: 100 } } as const;

/** GET /usage */
export const USAGE_GROUPS = ['tool', 'key', 'day', 'error'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];
export const USAGE_DEFAULT_GROUP: UsageGroup = 'tool';
export const USAGE_LIMITS = { days: { min: 1, max: 365, default: 7 } } as const;

/** group_by=key labels of requests made without a key. */
export const KEYLESS_USAGE_GROUPS = { session: 'session', oauth: 'connector' } as const;
