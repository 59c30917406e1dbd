import * as z from 'zod/mini';
import { PLAN_NAMES, SCOPES, TIERS } from './values/auth.js';
import type * as V from './values/auth.js';
import { described } from './described.js';

export * from './values/auth.js';

export type Scope = V.Scope;
export const Scope = described(z.enum(SCOPES), 'A permission a credential carries; every v2 operation checks exactly one (whoami none).');
export type Tier = V.Tier;
export const Tier = described(z.enum(TIERS), 'Plan tier: free, starter, pro or enterprise (legacy Scale reads enterprise).');
export type Plan = V.Plan;
export const Plan = described(z.enum(PLAN_NAMES as [V.Plan, ...V.Plan[]]), 'A plan an organization can be on; legacy plans read as their current tier.');
