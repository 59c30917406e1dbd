import * as z from 'zod/mini';
import { PARTNER_TIER_MAX, PARTNER_TIER_MIN, PLAN_NAMES, SCOPES, TIERS } from './values/auth.js';
import type * as V from './values/auth.js';
import { described } from './described.js';

export * from './values/auth.js';

export type Scope = V.Scope;
export const Scope = described(z.enum(SCOPES), 'A permission a credential carries; every v2 operation checks exactly one (whoami none).');
export type Tier = V.Tier;
export const Tier = described(z.enum(TIERS), 'Plan tier: free, starter, pro or enterprise (legacy Scale reads enterprise).');
/**
 * A partner-license tier (a monthly search quota), or null for none: a new schema each call, so
 * the documents write it out where it is used rather than as a component of its own.
 */
export const partnerTier = () => z.nullable(z.int().check(z.minimum(PARTNER_TIER_MIN), z.maximum(PARTNER_TIER_MAX)));
export type Plan = V.Plan;
export const Plan = described(
  z.enum(PLAN_NAMES as [V.Plan, ...V.Plan[]]),
  'A plan an organization can be on; legacy plans read as their current tier.',
);
