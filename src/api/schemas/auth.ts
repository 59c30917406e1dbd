import * as z from 'zod/mini';
import { PLAN_NAMES, SCOPES, TIERS } from './values/auth.js';
import type * as V from './values/auth.js';

export * from './values/auth.js';

export type Scope = V.Scope;
export const Scope = z.enum(SCOPES);
export type Tier = V.Tier;
export const Tier = z.enum(TIERS);
export type Plan = V.Plan;
export const Plan = z.enum(PLAN_NAMES as [V.Plan, ...V.Plan[]]);
