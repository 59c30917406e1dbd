import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openSandbox, raw, control, clientFor, apiError, newKey, type RunningSandbox } from './helpers.js';
import { SCOPES } from '../../src/api/schemas/auth.js';
import { apiOf } from '../../src/api/api.js';

let sb: RunningSandbox;
let demo: { organization_id: string; user_id: string; teammate_user_id: string; other_organization_id: string; other_user_id: string };
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  demo = (await control(sb, 'POST', '/reset')).demo;
});

const INVALID = { error: { code: 'AUTHENTICATION_INVALID', message: 'Invalid or expired API key' } };

describe('401', () => {
  test('missing header says Not authenticated; anything that does not verify says Invalid or expired API key', async () => {
    expect((await raw(sb, 'GET', '/api/v2/whoami')).json.error.message).toBe('Not authenticated');
    const bad: Record<string, string>[] = [
      { authorization: 'Bearer svcapi_tooshort' },
      { authorization: `Bearer svcapi_${'A'.repeat(64)}` },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: 'Bearer' },
      { authorization: 'Bearer not.a.jwt' },
    ];
    for (const headers of bad) {
      const r = await raw(sb, 'GET', '/api/v2/whoami', { headers });
      expect(r.status, headers.authorization).toBe(401);
      expect(r.json, headers.authorization).toEqual(INVALID);
    }
  });

  test('a JWT signed with another secret or expired on the sandbox clock is refused', async () => {
    const jwt = sb.mintJwt(undefined, { ttlSec: 60 });
    const [h, p] = jwt.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: forged })).json).toEqual(INVALID);
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: jwt })).status).toBe(200);
    await control(sb, 'POST', '/clock', { advance_ms: 61_000 });
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: jwt })).json).toEqual(INVALID);
  });

  test('a revoked key stops working at once', async () => {
    const k = await newKey(sb, { name: 'to revoke' });
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: k.api_key })).status).toBe(200);
    await control(sb, 'POST', `/keys/${k.id}/revoke`);
    const r = await raw(sb, 'GET', '/api/v2/whoami', { token: k.api_key });
    expect(r.status).toBe(401);
    expect(r.json).toEqual(INVALID);
  });

  test('a key with expires_at works until the sandbox clock passes it', async () => {
    const { now_ms } = await control(sb, 'GET', '/clock');
    const k = await newKey(sb, { expires_at: new Date(now_ms + 3_600_000).toISOString() });
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: k.api_key })).status).toBe(200);
    await control(sb, 'POST', '/clock', { advance_ms: 2 * 3_600_000 });
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: k.api_key })).json).toEqual(INVALID);
  });
});

describe('plan gating (API keys)', () => {
  test('a trial gets 403 PERMISSION_DENIED saying API access is not available during a trial', async () => {
    await control(sb, 'POST', '/plan', { trial: true });
    const r = await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('PERMISSION_DENIED');
    expect(r.json.error.message).toMatch(/not available during a trial/);
    expect(r.json.error.message).toMatch(/paid plan with API access/);
    expect(r.json.error).not.toHaveProperty('problem');
    expect(r.json.error.details).toEqual({
      error: 'feature_gated',
      feature: 'api_access',
      current_tier: 'pro',
      required_tier: 'pro',
      trial: true,
    });
  });

  test.each(['free', 'starter', 'legacy_starter'])('plan %s without API access: 403 feature_gated details', async (plan) => {
    await control(sb, 'POST', '/plan', { plan });
    const r = await raw(sb, 'GET', '/api/v1/public/credits/balance', { token: sb.demoKey });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('PERMISSION_DENIED');
    expect(r.json.error.details).toEqual({
      error: 'feature_gated',
      feature: 'api_access',
      current_tier: plan === 'free' ? 'free' : 'starter',
      required_tier: 'pro',
    });
    expect(r.json.error.message).toMatch(/Pro, Enterprise, legacy Pro, legacy Scale/);
  });

  test('v1-only endpoints are plan-gated for keys too', async () => {
    await control(sb, 'POST', '/plan', { plan: 'free' });
    expect((await raw(sb, 'GET', '/api/v1/public/auth/validate-key', { token: sb.demoKey })).status).toBe(403);
  });

  test.each([
    ['enterprise', 'enterprise'],
    ['legacy_scale', 'enterprise'],
    ['legacy_pro', 'pro'],
    ['pro', 'pro'],
  ])('plan %s has API access and whoami reads tier %s', async (plan, tier) => {
    await control(sb, 'POST', '/plan', { plan });
    const who = await apiOf(clientFor(sb)).identity.whoami();
    expect(who.tier).toBe(tier);
    expect(who.features).toContain('api_access');
  });

  test('partner-license tiers 5 to 7 have API access, 1 to 4 do not', async () => {
    for (let tier = 1; tier <= 7; tier++) {
      await control(sb, 'POST', '/plan', { plan: 'free', partner_tier: tier });
      const r = await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey });
      if (tier >= 5) {
        expect(r.status, `tier ${tier}`).toBe(200);
        expect(r.json.partner_tier).toBe(tier);
        expect(r.json.features).toContain('api_access');
        // Partner-license-only workspaces lack these.
        for (const f of ['criteria_search', 'find_people', 'bulk_enrichment_subset', 'sync_helpers'])
          expect(r.json.features).not.toContain(f);
      } else {
        expect(r.status, `tier ${tier}`).toBe(403);
        expect(r.json.error.details).toMatchObject({
          error: 'feature_gated',
          feature: 'api_access',
          required_tier: 'pro',
          partner_tier: tier,
        });
      }
    }
  });

  test('sessions are not plan-gated on v2', async () => {
    await control(sb, 'POST', '/plan', { plan: 'free', trial: true });
    const r = await raw(sb, 'GET', '/api/v2/whoami', { token: sb.mintJwt() });
    expect(r.status).toBe(200);
    expect(r.json.tier).toBe('free');
    expect(r.json.features).not.toContain('api_access');
  });
});

describe('scopes', () => {
  test('a missing scope is 403 insufficient_scope with required and granted scopes', async () => {
    const k = await newKey(sb, { user_id: demo.teammate_user_id });
    await control(sb, 'POST', '/scopes', { user_id: demo.teammate_user_id, scopes: ['lists:read', 'people:read'] });
    const e = await apiError(clientFor(sb, k.api_key).get('/credits/balance'));
    expect(e.status).toBe(403);
    expect(e.code).toBe('insufficient_scope');
    expect(e.details).toEqual({ required_scope: 'credits:read', granted_scopes: ['people:read', 'lists:read'] });
  });

  test('keys carry their user scopes as they are now (a grant applies to existing keys)', async () => {
    const k = await newKey(sb, { user_id: demo.teammate_user_id });
    await control(sb, 'POST', '/scopes', { user_id: demo.teammate_user_id, scopes: [] });
    expect((await raw(sb, 'GET', '/api/v2/credits/balance', { token: k.api_key })).status).toBe(403);
    await control(sb, 'POST', '/scopes', { user_id: demo.teammate_user_id, scopes: ['credits:read'] });
    expect((await raw(sb, 'GET', '/api/v2/credits/balance', { token: k.api_key })).status).toBe(200);
  });

  test('whoami and v1-only endpoints check no scope', async () => {
    await control(sb, 'POST', '/scopes', { scopes: [] });
    const who = await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey });
    expect(who.status).toBe(200);
    expect(who.json.scopes).toEqual([]);
    const v = await raw(sb, 'GET', '/api/v1/public/auth/validate-key', { token: sb.demoKey });
    expect(v.status).toBe(200);
    expect(v.json).toMatchObject({ valid: true, organization_id: demo.organization_id, user_id: demo.user_id });
    expect(v.json.key_prefix).toBe(sb.demoKey.slice(0, 10));
    expect(v.json.key_last4).toBe(sb.demoKey.slice(-4));
  });

  test('the full scope set granted without crm:read gets crm:read too', async () => {
    const res = await control(sb, 'POST', '/scopes', { scopes: SCOPES.filter((s) => s !== 'crm:read') });
    expect(res.scopes).toContain('crm:read');
  });
});

describe('whoami', () => {
  test('masks the email for key auth and shows the demo identity', async () => {
    const who = await apiOf(clientFor(sb)).identity.whoami();
    expect(who).toMatchObject({
      user_email: 'd***@acme.example',
      user_id: demo.user_id,
      user_name: 'Dana Demo',
      organization_id: demo.organization_id,
      organization_name: 'Acme Demo',
      auth_type: 'api_key',
      tier: 'pro',
      partner_tier: null,
    });
    expect(who.scopes).toEqual([...SCOPES]);
    expect(who.timestamp_ms).toBeTypeOf('number');
  });

  test('a session shows the whole email; the connector client reads oauth', async () => {
    const session = await apiOf(clientFor(sb, sb.mintJwt('dana@acme.example'))).identity.whoami();
    expect(session).toMatchObject({ user_email: 'dana@acme.example', auth_type: 'session' });
    const oauth = await apiOf(clientFor(sb, sb.mintJwt(undefined, { client: 'connector' }))).identity.whoami();
    expect(oauth).toMatchObject({ user_email: 'dana@acme.example', auth_type: 'oauth' });
  });

  test('a key of the other organization sees its own organization', async () => {
    const k = await newKey(sb, { organization_id: demo.other_organization_id });
    const who = await apiOf(clientFor(sb, k.api_key)).identity.whoami();
    expect(who).toMatchObject({
      organization_id: demo.other_organization_id,
      organization_name: 'Globex',
      user_email: 'g***@globex.example',
    });
  });
});

test('v2 routes answer identically under /api/v1/public', async () => {
  const c = clientFor(sb);
  const v2 = await c.request<Record<string, unknown>>({ method: 'GET', path: '/credits/balance', prefix: 'v2' });
  const v1 = await c.request<Record<string, unknown>>({ method: 'GET', path: '/credits/balance', prefix: 'v1' });
  const { timestamp_ms: _a, ...a } = v2;
  const { timestamp_ms: _b, ...b } = v1;
  expect(b).toEqual(a);
  expect(a).toMatchObject({ organization_id: demo.organization_id, credits: 5000 });
});

describe('/api/v1/api-keys', () => {
  // A path no later key-management route will claim: auth runs before routing there.
  const path = '/api/v1/api-keys/00000000-0000-4000-8000-000000000000/no-such-action';

  test('an API key gets 401 there; a session JWT gets through authentication', async () => {
    const withKey = await raw(sb, 'GET', path, { token: sb.demoKey });
    expect(withKey.status).toBe(401);
    expect(withKey.json).toEqual(INVALID);
    expect((await raw(sb, 'GET', path)).json.error.message).toBe('Not authenticated');
    const withJwt = await raw(sb, 'GET', path, { token: sb.mintJwt() });
    expect(withJwt.status).toBe(404);
    expect(withJwt.json.error.code).toBe('RESOURCE_NOT_FOUND');
  });

  test('a connector (OAuth) token is not a session JWT: 401 there, though it works on v2', async () => {
    const connector = sb.mintJwt(undefined, { client: 'connector' });
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: connector })).status).toBe(200);
    const r = await raw(sb, 'GET', path, { token: connector });
    expect(r.status).toBe(401);
    expect(r.json).toEqual(INVALID);
  });
});

test('each key request updates the key last_used_at and request_count', async () => {
  const k = await newKey(sb);
  await control(sb, 'POST', '/clock', { set_ms: Date.UTC(2031, 5, 1, 12) });
  for (let i = 0; i < 3; i++) await raw(sb, 'GET', '/api/v2/whoami', { token: k.api_key });
  const state = await control(sb, 'GET', '/state');
  const rec = state.api_keys.find((x: { id: string }) => x.id === k.id);
  expect(rec.request_count).toBe(3);
  expect(Date.parse(rec.last_used_at)).toBeGreaterThanOrEqual(Date.UTC(2031, 5, 1, 12));
  expect(rec).not.toHaveProperty('key_hash');
});
