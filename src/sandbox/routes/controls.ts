import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import type { OrganizationRecord, SandboxState, UserRecord } from '../store.js';
import { SnapshotBody } from '../state-file.js';
import { notFound } from '../engine/errors.js';
import { parseBody } from '../engine/validation.js';
import { destinationOf, setConnected } from '../engine/connections.js';
import { capsOf, listDetail, listsArea, type ListCaps } from '../engine/lists.js';
import { CONTROL } from '../control-endpoints.js';
import * as B from '../control-bodies.js';
import { seedList } from '../seed-list.js';
import { scenarioOf } from '../scenarios.js';

/** Test controls under /__sandbox/ (no auth): the catalog entries of control-endpoints.ts and their handlers. Organization and user default to the demo ones. */

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

function createList(ctx: RequestContext) {
  const b = parseBody(B.SeedListBody, ctx.body);
  const { user, org } = userIn(ctx, b.user_id, b.organization_id);
  const shares = Object.fromEntries(Object.entries(b.shares ?? {}).map(([who, perm]) => [userIn(ctx, who, org.id).user.id, perm]));
  const list = seedList(ctx.services, org, user, { ...b, shares });
  const { visibility, protected: isProtected } = list;
  return { ...listDetail(ctx.store, ctx.clock, list), owner_id: user.id, visibility, shares: list.shares, protected: isProtected };
}

function setCaps(ctx: RequestContext) {
  const b = parseBody(B.ListCapsBody, ctx.body);
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
  const b = parseBody(B.RateLimitsBody, ctx.body);
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
    scenario: scenarioOf(ctx.services),
  };
}

export const controlRoutes: RouteDef[] = [
  {
    endpoint: CONTROL.reset,
    handler: (ctx) => {
      const { seed, scenario } = parseBody(B.ResetBody, ctx.body);
      ctx.services.reset(seed, scenario);
      return summary(ctx);
    },
  },
  { endpoint: CONTROL.state, handler: summary },
  {
    endpoint: CONTROL.snapshot.save,
    handler: (ctx) => ctx.services.snapshot(),
  },
  {
    endpoint: CONTROL.snapshot.load,
    handler: (ctx) => {
      parseBody(SnapshotBody, ctx.body);
      // The body itself, not the parsed copy: its keys keep their order, so a save gives the same bytes.
      ctx.services.load(ctx.body as SandboxState);
      return summary(ctx);
    },
  },
  { endpoint: CONTROL.clock.get, handler: clockView },
  {
    endpoint: CONTROL.clock.set,
    handler: (ctx) => {
      const b = parseBody(B.ClockBody, ctx.body);
      // Frozen before the move, so the clock stops exactly where it was set (not a millisecond later).
      if (b.freeze === true) ctx.clock.frozen = true;
      if (b.advance_ms !== undefined) ctx.clock.advance(b.advance_ms);
      if (b.set_ms !== undefined) ctx.clock.set(b.set_ms);
      if (b.freeze === false) ctx.clock.frozen = false;
      return clockView(ctx);
    },
  },
  {
    endpoint: CONTROL.balance.set,
    handler: (ctx) => {
      const b = parseBody(B.BalanceBody, ctx.body);
      const org = orgOf(ctx, b.organization_id);
      org.credits = b.credits;
      return { organization_id: org.id, credits: org.credits };
    },
  },
  {
    endpoint: CONTROL.plan.set,
    handler: (ctx) => {
      const b = parseBody(B.PlanBody, ctx.body);
      const org = orgOf(ctx, b.organization_id);
      if (b.plan !== undefined) org.plan = b.plan;
      if (b.partner_tier !== undefined) org.partner_tier = b.partner_tier;
      if (b.trial !== undefined) org.trial = b.trial;
      return org;
    },
  },
  {
    endpoint: CONTROL.connections.set,
    handler: (ctx) => {
      const b = parseBody(B.ConnectionsBody, ctx.body);
      const org = orgOf(ctx, b.organization_id);
      return { organization_id: org.id, connected_providers: setConnected(org, destinationOf(b.provider), b.connected, ctx.clock.iso()) };
    },
  },
  {
    endpoint: CONTROL.scopes.set,
    handler: (ctx) => {
      const b = parseBody(B.ScopesBody, ctx.body);
      const { user, org } = userIn(ctx, b.user_id, b.organization_id);
      const m = ctx.store.setScopes(user.id, org.id, b.scopes);
      return { user_id: user.id, organization_id: org.id, scopes: m?.scopes ?? [] };
    },
  },
  {
    endpoint: CONTROL.organizations.create,
    handler: (ctx) => {
      const b = parseBody(B.OrganizationBody, ctx.body);
      const { organization, owner } = ctx.store.createOrganization(b);
      const key = ctx.store.createApiKey({ user_id: owner.id, organization_id: organization.id, name: 'Sandbox key' });
      return { organization_id: organization.id, user_id: owner.id, user_email: owner.email, api_key: key.secret, key_id: key.record.id };
    },
  },
  {
    endpoint: CONTROL.keys.create,
    handler: (ctx) => {
      const b = parseBody(B.KeyBody, ctx.body);
      const { user, org } = userIn(ctx, b.user_id, b.organization_id);
      const expires_at = b.expires_at ? new Date(b.expires_at).toISOString() : null;
      const { record, secret } = ctx.store.createApiKey({ user_id: user.id, organization_id: org.id, name: b.name, expires_at });
      const { key_hash: _h, ...visible } = record;
      return { ...visible, api_key: secret };
    },
  },
  {
    endpoint: CONTROL.keys.revoke,
    handler: (ctx) => {
      const k = ctx.store.revokeApiKey(ctx.params.key_id ?? '');
      if (!k) throw notFound(`Unknown key ${ctx.params.key_id}`);
      const { key_hash: _h, ...visible } = k;
      return visible;
    },
  },
  {
    endpoint: CONTROL.jwt.create,
    handler: (ctx) => {
      const b = parseBody(B.JwtBody, ctx.body);
      const { user, org } = userIn(ctx, b.user, b.organization_id);
      return ctx.services.mintJwt(user.id, {
        ...(b.client ? { client: b.client } : {}),
        ...(b.ttl_sec ? { ttlSec: b.ttl_sec } : {}),
        organizationId: org.id,
      });
    },
  },
  {
    endpoint: CONTROL.requests.list,
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
  { endpoint: CONTROL.lists.create, handler: createList },
  { endpoint: CONTROL.caps.set, handler: setCaps },
  { endpoint: CONTROL.rateLimits.set, handler: switchRateLimits },
  { endpoint: CONTROL.faults.list, handler: (ctx) => ({ rules: ctx.services.faults.list() }) },
  { endpoint: CONTROL.faults.add, handler: (ctx) => ({ rules: ctx.services.faults.add(parseBody(B.FaultsBody, ctx.body).rules) }) },
  {
    endpoint: CONTROL.faults.clear,
    handler: (ctx) => {
      ctx.services.faults.clear();
      return { rules: [] };
    },
  },
];
