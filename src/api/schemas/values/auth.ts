/** The 15 scopes of the service. Every v2 endpoint checks exactly one. */
export const SCOPES = [
  'people:read',
  'people:write',
  'companies:read',
  'companies:write',
  'lists:read',
  'lists:write',
  'enrich:read',
  'enrich:write',
  'smart_agents:read',
  'smart_agents:write',
  'sync:write',
  'export:read',
  'credits:read',
  'admin:api_keys',
  'crm:read',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Tiers as whoami reports them (legacy Scale reads enterprise). */
export const TIERS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/**
 * Plans an organization can be on. Legacy plans read as their current tier;
 * API access is given by the plan or by a partner-license tier of 5 to 7, never in a trial.
 */
export const PLANS = {
  free: { tier: 'free', apiAccess: false },
  starter: { tier: 'starter', apiAccess: false },
  legacy_starter: { tier: 'starter', apiAccess: false },
  pro: { tier: 'pro', apiAccess: true },
  legacy_pro: { tier: 'pro', apiAccess: true },
  enterprise: { tier: 'enterprise', apiAccess: true },
  legacy_scale: { tier: 'enterprise', apiAccess: true },
} as const satisfies Record<string, { tier: Tier; apiAccess: boolean }>;
export type Plan = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

export const PARTNER_TIER_MIN = 1;
export const PARTNER_TIER_MAX = 7;
/** Partner-license tiers that carry API access. */
export const PARTNER_TIERS_WITH_API = [5, 6, 7] as const;

export interface PlanState {
  plan: Plan;
  partnerTier: number | null;
  trial: boolean;
}

/** A partner-license workspace whose plan itself gives no API access. */
export function isPartnerLicenseOnly(s: PlanState): boolean {
  return s.partnerTier !== null && !PLANS[s.plan].apiAccess;
}

export function hasApiAccess(s: PlanState): boolean {
  if (s.trial) return false;
  if (PLANS[s.plan].apiAccess) return true;
  return s.partnerTier !== null && (PARTNER_TIERS_WITH_API as readonly number[]).includes(s.partnerTier);
}

/** The API key format: prefix plus 48 random URL-safe bytes (64 base64url characters). */
export const API_KEY_PREFIX = 'svcapi_';
export const API_KEY_BODY_LENGTH = 64;
export const API_KEY_PATTERN = /^svcapi_[A-Za-z0-9_-]{64}$/;
/** key_prefix shows the first 10 characters of a key, key_last4 the last 4. */
export const KEY_PREFIX_LENGTH = 10;
export const KEY_LAST4_LENGTH = 4;
