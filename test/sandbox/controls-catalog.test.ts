import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as routeModules from '../../src/sandbox/routes/all.js';
import { CONTROL, controlEndpoints, isEndpoint } from '../../src/sandbox/control-endpoints.js';
import { controlClient, type ControlClient } from '../../src/sandbox/control-client.js';
import { Client } from '../../src/api/client.js';
import { openSandbox, type RunningSandbox } from './helpers.js';

/** The test controls as catalog entries: each route is one, each entry is served, and each answer is what its schema says. */

describe('the control catalog', () => {
  const routes = Object.values(routeModules)
    .flat()
    .map((r) => ({ ...r.endpoint, endpoint: r.endpoint }));
  const controlRoutes = routes.filter((r) => r.kind === 'control');

  it('has an entry for every control route, and a route for every entry', () => {
    expect(controlRoutes.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const served = new Set(controlRoutes.map((r) => r.endpoint));
    expect(
      controlEndpoints()
        .filter((e) => !served.has(e))
        .map((e) => e.id),
    ).toEqual([]);
    expect(controlRoutes.length).toBe(controlEndpoints().length);
  });

  it('names each entry sandbox.<its place in CONTROL>, describes it, and marks it a control without a scope', () => {
    const walk = (tree: object, at: string[]): string[] =>
      Object.entries(tree).flatMap(([k, v]: [string, unknown]) => {
        if (!isEndpoint(v)) return walk(v as object, [...at, k]);
        expect(v.id).toBe(['sandbox', ...at, k].join('.'));
        expect([v.kind, v.scope]).toEqual(['control', null]);
        expect(v.description.length, v.id).toBeGreaterThan(60);
        expect(v.summary.length, v.id).toBeGreaterThan(5);
        expect(v.response, v.id).toBeDefined();
        if (v.method !== 'GET' && v.method !== 'DELETE' && !v.path.includes(':')) expect(v.body, v.id).toBeDefined();
        return [v.id];
      });
    const ids = walk(CONTROL, []);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('each control answers what its entry says', () => {
  let sb: RunningSandbox;
  let http: Client;
  let control: ControlClient;
  beforeAll(async () => {
    sb = await openSandbox();
    http = new Client({ baseUrl: sb.url });
    control = controlClient(http);
  });
  afterAll(async () => {
    http.close();
    await sb.close();
  });
  beforeEach(async () => {
    await control.reset();
  });

  /** Parses an answer with the entry's response schema: a field the schema misses or mistypes fails here. */
  function conforms<T>(e: { id: string; response?: z.ZodMiniType }, answer: T): T {
    const r = e.response!.safeParse(answer);
    expect(r.success ? [] : r.error.issues, e.id).toEqual([]);
    return answer;
  }

  it('the sandbox, organizations, users and keys', async () => {
    const state = conforms(CONTROL.state, await control.state());
    conforms(CONTROL.reset, await control.reset({ seed: state.seed }));
    const clock = conforms(CONTROL.clock.set, await control.clock.set({ advance_ms: 60_000, freeze: true }));
    expect(clock.frozen).toBe(true);
    expect(conforms(CONTROL.clock.get, await control.clock.get()).now_ms).toBe(clock.now_ms);
    expect(conforms(CONTROL.balance.set, await control.balance.set({ credits: 7 })).credits).toBe(7);
    expect(conforms(CONTROL.plan.set, await control.plan.set({ plan: 'free' })).plan).toBe('free');
    conforms(CONTROL.connections.set, await control.connections.set({ provider: 'crm_two', connected: false }));
    conforms(CONTROL.scopes.set, await control.scopes.set({ scopes: ['people:read'] }));
    const org = conforms(CONTROL.organizations.create, await control.organizations.create({ name: 'Initech', credits: 10 }));
    const key = conforms(CONTROL.keys.create, await control.keys.create({ organization_id: org.organization_id, name: 'ci' }));
    expect(conforms(CONTROL.keys.revoke, await control.keys.revoke({ key_id: key.id })).is_active).toBe(false);
    conforms(CONTROL.jwt.create, await control.jwt.create({ user: org.user_email }));
    conforms(CONTROL.caps.set, await control.caps.set({ lists: 3 }));
    conforms(CONTROL.rateLimits.set, await control.rateLimits.set({ enabled: false }));
    const keyed = new Client({ baseUrl: sb.url, token: org.api_key });
    await keyed.request({ method: 'GET', path: '/whoami' }).finally(() => keyed.close());
    expect(conforms(CONTROL.requests.list, await control.requests.list({ limit: 5 })).requests).toHaveLength(1);
  });

  it('faults, lists, imports and exports', async () => {
    expect(
      conforms(CONTROL.faults.add, await control.faults.add({ rules: [{ kind: 'status', status: 503, path: '/whoami', count: 1 }] })).rules,
    ).toHaveLength(1);
    conforms(CONTROL.faults.list, await control.faults.list());
    expect(conforms(CONTROL.faults.clear, await control.faults.clear()).rules).toEqual([]);
    const list = conforms(CONTROL.lists.create, await control.lists.create({ name: 'Seeded', people: 3 }));
    expect(list.lead_count).toBe(3);
    expect(conforms(CONTROL.lists.generate, await control.lists.generate({ list_id: list.list_id, count: 5 })).lead_count).toBe(8);
    conforms(CONTROL.imports.get, await control.imports.get());
    conforms(CONTROL.imports.set, await control.imports.set({ enabled: false }));
    conforms(CONTROL.exports.get, await control.exports.get());
    conforms(CONTROL.exports.set, await control.exports.set({ max_files: 3 }));
  });

  it('enrichment, agents, email templates, sync and webhooks', async () => {
    conforms(CONTROL.enrichment.get, await control.enrichment.get());
    conforms(CONTROL.enrichment.set, await control.enrichment.set({ hit_rates: { email: 1 } }));
    expect(
      conforms(CONTROL.enrichment.outcomes, await control.enrichment.outcomes({ status: 'failed', count: 2 })).next_outcomes,
    ).toHaveLength(2);
    conforms(CONTROL.agents.get, await control.agents.get());
    conforms(CONTROL.agents.set, await control.agents.set({ fail_next: 1 }));
    const templates = conforms(CONTROL.emailTemplates.list, await control.emailTemplates.list());
    const made = conforms(
      CONTROL.emailTemplates.create,
      await control.emailTemplates.create({ name: 'Intro', subject: 'Hi', body: 'Hello' }),
    );
    conforms(CONTROL.emailTemplates.update, await control.emailTemplates.update({ template_id: made.template_id, is_default: true }));
    expect(templates.templates.length).toBe(1);
    conforms(CONTROL.sync.failures, await control.sync.failures({ count: 2 }));
    conforms(CONTROL.sync.destinations, await control.sync.destinations({ organization_id: sb.store.demo.organization_id }));
    conforms(CONTROL.webhooks.get, await control.webhooks.get());
    conforms(CONTROL.webhooks.set, await control.webhooks.set({ time_scale: 0.01 }));
  });

  it('refuses a bad body with the 422 its entry documents, naming the field', async () => {
    const e = (await control.balance.set({ credits: -1 }).then(
      () => undefined,
      (x: unknown) => x,
    )) as { status: number; code: string; details?: { errors?: Array<{ loc: unknown[] }> } };
    expect([e.status, e.code]).toEqual([422, 'validation_error']);
    expect(CONTROL.balance.set.errors?.[422]).toContain('validation_error');
    expect(e.details?.errors?.[0]?.loc).toEqual(['body', 'credits']);
  });
});
