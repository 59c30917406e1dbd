import * as z from 'zod/mini';
import { Plan, Scope, PARTNER_TIER_MIN, PARTNER_TIER_MAX } from '../../api/schemas/auth.js';
import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import type { OrganizationRecord, UserRecord } from '../store.js';
import { notFound } from '../engine/errors.js';
import { parseBody } from '../engine/validation.js';
import { FaultsBody } from '../engine/faults.js';
import { destinationOf, setConnected } from '../engine/connections.js';
import { LIST_LIMITS, LIST_VISIBILITIES, SHARE_PERMISSIONS } from '../../api/schemas/lists.js';
import { MINUTE_MS } from '../../api/schemas/limits.js';
import { capsOf, deleteList, insertList, listDetail, listsArea, ownFolder, type ListCaps } from '../engine/lists.js';
import { saveCohortRows } from '../engine/list-saves.js';

/** Test controls under /__sandbox/ (no auth). Organization and user default to the demo ones. */

const PartnerTier = z.nullable(z.int().check(z.minimum(PARTNER_TIER_MIN), z.maximum(PARTNER_TIER_MAX)));
const Credits = z.int().check(z.minimum(0));
const IsoTime = z.iso.datetime({ offset: true });

const ResetBody = z.object({ seed: z.optional(z.int()) });
/** advance_ms or set_ms (not both); freeze stops the clock after the move (true) or lets it run on (false). */
const ClockBody = z
  .object({ advance_ms: z.optional(z.int().check(z.minimum(0))), set_ms: z.optional(z.int().check(z.minimum(0))), freeze: z.optional(z.boolean()) })
  .check(
    z.refine((b) => !(b.advance_ms !== undefined && b.set_ms !== undefined), { message: 'send advance_ms or set_ms, not both' }),
    z.refine((b) => b.advance_ms !== undefined || b.set_ms !== undefined || b.freeze !== undefined, { message: 'send advance_ms, set_ms or freeze' }),
  );
const BalanceBody = z.object({ organization_id: z.optional(z.string()), credits: Credits });
const PlanBody = z.object({
  organization_id: z.optional(z.string()),
  plan: z.optional(Plan),
  partner_tier: z.optional(PartnerTier),
  trial: z.optional(z.boolean()),
});
/** Connects or disconnects a destination of an organization; a provider other than crm_one, crm_two, sequencer_one is a 400 naming them. */
const ConnectionsBody = z.object({
  organization_id: z.optional(z.string()),
  provider: z.string(),
  connected: z.boolean(),
});
const ScopesBody = z.object({ user_id: z.optional(z.string()), organization_id: z.optional(z.string()), scopes: z.array(Scope) });
const OrganizationBody = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  plan: z.optional(Plan),
  partner_tier: z.optional(PartnerTier),
  trial: z.optional(z.boolean()),
  credits: z.optional(Credits),
});
const KeyBody = z.object({
  user_id: z.optional(z.string()),
  organization_id: z.optional(z.string()),
  name: z.optional(z.string()),
  expires_at: z.optional(z.nullable(IsoTime)),
});
const JwtBody = z.object({
  user: z.optional(z.string()),
  organization_id: z.optional(z.string()),
  client: z.optional(z.literal('connector')),
  ttl_sec: z.optional(z.int().check(z.minimum(1))),
});

/**
 * A list seeded as any member: visibility (default shared when shares are given, else
 * private), shares by user id or email, protected for system lists, and `people` leads
 * saved from the data set (people from_person onward, default 0). The plan's list cap is
 * not applied; the per-list contact cap is.
 */
const SeedListBody = z.object({
  organization_id: z.optional(z.string()),
  user_id: z.optional(z.string()),
  name: z.string().check(z.minLength(LIST_LIMITS.name.min), z.maxLength(LIST_LIMITS.name.max)),
  description: z.optional(z.nullable(z.string())),
  folder_id: z.optional(z.string()),
  visibility: z.optional(z.enum(LIST_VISIBILITIES)),
  shares: z.optional(z.record(z.string(), z.enum(SHARE_PERMISSIONS))),
  protected: z.optional(z.boolean()),
  people: z.optional(z.int().check(z.minimum(0))),
  from_person: z.optional(z.int().check(z.minimum(0))),
});
/** Overrides an organization's caps; null returns a cap to the plan's figure. */
const Cap = z.optional(z.nullable(z.int().check(z.minimum(0))));
const CapsBody = z.object({ organization_id: z.optional(z.string()), lists: Cap, leads_per_list: Cap });
/** window_ms shortens the per-minute windows (whole seconds, 1-60 s) for benchmarks of paced loops. */
const RateLimitsBody = z.object({
  enabled: z.optional(z.boolean()),
  window_ms: z.optional(z.int().check(z.minimum(1000), z.maximum(MINUTE_MS), z.multipleOf(1000))),
});

export function orgOf(ctx: RequestContext, id: string | undefined): OrganizationRecord {
  const org = ctx.store.organization(id ?? ctx.store.demo.organization_id);
  if (!org) throw notFound(`Unknown organization ${id}`);
  return org;
}

/** The user (default: the organization's owner, or the demo user) and the organization they act in. */
function userIn(ctx: RequestContext, userId: string | undefined, orgId: string | undefined): { user: UserRecord; org: OrganizationRecord } {
  const s = ctx.store;
  if (userId === undefined) {
    const org = orgOf(ctx, orgId);
    const user = orgId === undefined ? s.user(s.demo.user_id) : s.ownerOf(org.id);
    if (!user) throw notFound(`Organization ${org.id} has no users`);
    return { user, org };
  }
  const user = s.findUser(userId);
  if (!user) throw notFound(`Unknown user ${userId}`);
  const m = orgId !== undefined ? s.membership(user.id, orgId) : s.membershipsOf(user.id)[0];
  if (!m) throw notFound(`User ${user.id} is not a member of organization ${orgId}`);
  return { user, org: orgOf(ctx, m.organization_id) };
}

function seedList(ctx: RequestContext) {
  const b = parseBody(SeedListBody, ctx.body);
  const { user, org } = userIn(ctx, b.user_id, b.organization_id);
  const shares = Object.fromEntries(Object.entries(b.shares ?? {}).map(([who, perm]) => [userIn(ctx, who, org.id).user.id, perm]));
  if (b.folder_id !== undefined) ownFolder(ctx.store, { user, organization: org }, b.folder_id);
  const list = insertList(ctx.store, ctx.clock, {
    organization_id: org.id,
    owner_id: user.id,
    name: b.name,
    description: b.description ?? null,
    folder_id: b.folder_id ?? null,
    visibility: b.visibility ?? (Object.keys(shares).length ? 'shared' : 'private'),
    shares,
    protected: b.protected ?? false,
  });
  if (b.people) {
    const dataset = ctx.services.dataset;
    const from = b.from_person ?? 0;
    const to = Math.min(from + b.people, dataset.size.people);
    const ids = Array.from({ length: Math.max(0, to - from) }, (_, k) => dataset.person(from + k).lead_id);
    try {
      saveCohortRows(ctx.store, ctx.clock, dataset, org, list, ids);
    } catch (e) {
      deleteList(ctx.store, list);
      throw e;
    }
  }
  const { visibility, protected: isProtected } = list;
  return { ...listDetail(ctx.store, ctx.clock, list), owner_id: user.id, visibility, shares: list.shares, protected: isProtected };
}

function setCaps(ctx: RequestContext) {
  const b = parseBody(CapsBody, ctx.body);
  const org = orgOf(ctx, b.organization_id);
  const o: Partial<ListCaps> = { ...listsArea(ctx.store).caps[org.id] };
  if (b.lists === null) delete o.lists;
  else if (b.lists !== undefined) o.lists = b.lists;
  if (b.leads_per_list === null) delete o.leadsPerList;
  else if (b.leads_per_list !== undefined) o.leadsPerList = b.leads_per_list;
  listsArea(ctx.store).caps[org.id] = o;
  const now = capsOf(ctx.store, org);
  return { organization_id: org.id, lists: now.lists, leads_per_list: now.leadsPerList };
}

/** Rate limiting off (nothing counted) or back on, until the next reset. */
function switchRateLimits(ctx: RequestContext) {
  const b = parseBody(RateLimitsBody, ctx.body);
  if (b.enabled !== undefined) ctx.services.rateLimitsEnabled = b.enabled;
  if (b.window_ms !== undefined) ctx.services.rateWindowMs = b.window_ms;
  return { enabled: ctx.services.rateLimitsEnabled, window_ms: ctx.services.rateWindowMs };
}

function clockView(ctx: RequestContext) {
  return { now_ms: ctx.clock.now(), now: ctx.clock.iso(), offset_ms: ctx.clock.offsetMs, frozen: ctx.clock.frozen };
}

function summary(ctx: RequestContext) {
  const st = ctx.store.state;
  const { api_key: _secret, ...demo } = st.demo;
  return {
    seed: st.seed,
    ...clockView(ctx),
    demo,
    organizations: Object.values(st.organizations).map((o) => ({
      ...o,
      members: st.memberships.filter((m) => m.organization_id === o.id).map((m) => ({ ...m, email: st.users[m.user_id]?.email })),
    })),
    api_keys: Object.values(st.api_keys).map(({ key_hash: _h, ...k }) => k),
    request_log_rows: st.request_log.length,
    faults: ctx.services.faults.list().length,
    rate_limits_enabled: ctx.services.rateLimitsEnabled,
    areas: Object.keys(st.areas),
  };
}

export const controlRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/reset',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const { seed } = parseBody(ResetBody, ctx.body);
      ctx.services.reset(seed);
      return summary(ctx);
    },
  },
  { method: 'GET', path: '/state', kind: 'control', scope: null, handler: summary },
  { method: 'GET', path: '/clock', kind: 'control', scope: null, handler: clockView },
  {
    method: 'POST',
    path: '/clock',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(ClockBody, ctx.body);
      // Frozen before the move, so the clock stops exactly where it was set (not a millisecond later).
      if (b.freeze === true) ctx.clock.frozen = true;
      if (b.advance_ms !== undefined) ctx.clock.advance(b.advance_ms);
      if (b.set_ms !== undefined) ctx.clock.set(b.set_ms);
      if (b.freeze === false) ctx.clock.frozen = false;
      return clockView(ctx);
    },
  },
  {
    method: 'POST',
    path: '/balance',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(BalanceBody, ctx.body);
      const org = orgOf(ctx, b.organization_id);
      org.credits = b.credits;
      return { organization_id: org.id, credits: org.credits };
    },
  },
  {
    method: 'POST',
    path: '/plan',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(PlanBody, ctx.body);
      const org = orgOf(ctx, b.organization_id);
      if (b.plan !== undefined) org.plan = b.plan;
      if (b.partner_tier !== undefined) org.partner_tier = b.partner_tier;
      if (b.trial !== undefined) org.trial = b.trial;
      return org;
    },
  },
  {
    method: 'POST',
    path: '/connections',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(ConnectionsBody, ctx.body);
      const org = orgOf(ctx, b.organization_id);
      return { organization_id: org.id, connected_providers: setConnected(org, destinationOf(b.provider), b.connected, ctx.clock.iso()) };
    },
  },
  {
    method: 'POST',
    path: '/scopes',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(ScopesBody, ctx.body);
      const { user, org } = userIn(ctx, b.user_id, b.organization_id);
      const m = ctx.store.setScopes(user.id, org.id, b.scopes);
      return { user_id: user.id, organization_id: org.id, scopes: m?.scopes ?? [] };
    },
  },
  {
    method: 'POST',
    path: '/organizations',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(OrganizationBody, ctx.body);
      const { organization, owner } = ctx.store.createOrganization(b);
      const key = ctx.store.createApiKey({ user_id: owner.id, organization_id: organization.id, name: 'Sandbox key' });
      return { organization_id: organization.id, user_id: owner.id, user_email: owner.email, api_key: key.secret, key_id: key.record.id };
    },
  },
  {
    method: 'POST',
    path: '/keys',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(KeyBody, ctx.body);
      const { user, org } = userIn(ctx, b.user_id, b.organization_id);
      const expires_at = b.expires_at ? new Date(b.expires_at).toISOString() : null;
      const { record, secret } = ctx.store.createApiKey({ user_id: user.id, organization_id: org.id, name: b.name, expires_at });
      const { key_hash: _h, ...visible } = record;
      return { ...visible, api_key: secret };
    },
  },
  {
    method: 'POST',
    path: '/keys/:key_id/revoke',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const k = ctx.store.revokeApiKey(ctx.params.key_id ?? '');
      if (!k) throw notFound(`Unknown key ${ctx.params.key_id}`);
      const { key_hash: _h, ...visible } = k;
      return visible;
    },
  },
  {
    method: 'POST',
    path: '/jwt',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const b = parseBody(JwtBody, ctx.body);
      const { user, org } = userIn(ctx, b.user, b.organization_id);
      return ctx.services.mintJwt(user.id, {
        ...(b.client ? { client: b.client } : {}),
        ...(b.ttl_sec ? { ttlSec: b.ttl_sec } : {}),
        organizationId: org.id,
      });
    },
  },
  {
    method: 'GET',
    path: '/requests',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      const q = ctx.query;
      const limit = Number(q.get('limit') ?? '');
      const requests = ctx.services.requestLog.list({
        ...(q.get('organization_id') ? { organizationId: q.get('organization_id')! } : {}),
        ...(q.get('key_id') ? { keyId: q.get('key_id')! } : {}),
        ...(Number.isInteger(limit) && limit > 0 ? { limit } : {}),
      });
      return { requests };
    },
  },
  { method: 'POST', path: '/lists', kind: 'control', scope: null, handler: seedList },
  { method: 'POST', path: '/caps', kind: 'control', scope: null, handler: setCaps },
  { method: 'POST', path: '/rate-limits', kind: 'control', scope: null, handler: switchRateLimits },
  { method: 'GET', path: '/faults', kind: 'control', scope: null, handler: (ctx) => ({ rules: ctx.services.faults.list() }) },
  {
    method: 'POST',
    path: '/faults',
    kind: 'control',
    scope: null,
    handler: (ctx) => ({ rules: ctx.services.faults.add(parseBody(FaultsBody, ctx.body).rules) }),
  },
  {
    method: 'DELETE',
    path: '/faults',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      ctx.services.faults.clear();
      return { rules: [] };
    },
  },
];
