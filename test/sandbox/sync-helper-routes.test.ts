import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { call, expectOk, expectPublicError, preview, records, syncList, syncQuoted, useEnrichmentSandbox } from './sync-helpers.js';
import { DestinationConnections, SequencerCampaigns } from '../../src/api/schemas/sync.js';
import { SYNC_PREVIEW_LIMITS } from '../../src/api/schemas/values/sync.js';

const cast = useEnrichmentSandbox();

const connections = (token?: string) => call(cast.sb, 'GET', '/migrate/crm/connections', token ? { token } : {});
const campaigns = (token?: string) => call(cast.sb, 'GET', '/migrate/sequencer/campaigns', token ? { token } : {});

describe('GET /migrate/crm/connections', () => {
  test('the demo workspace has all three destinations connected, with an account name and when; disconnecting shows it', async () => {
    const r = expectOk(await connections());
    expect(z.safeParse(DestinationConnections, r).success).toBe(true);
    expect(r.connections.map((c: any) => [c.provider, c.kind, c.connected])).toEqual([
      ['crm_one', 'crm', true],
      ['crm_two', 'crm', true],
      ['sequencer_one', 'sequencer', true],
    ]);
    expect(r.connections[0]).toMatchObject({
      account_name: 'Acme Demo (crm_one)',
      connected_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await control(cast.sb, 'POST', '/connections', { provider: 'sequencer_one', connected: false });
    expect(expectOk(await connections()).connections[2]).toEqual({
      provider: 'sequencer_one',
      kind: 'sequencer',
      connected: false,
      account_name: null,
      connected_at: null,
    });
    // A new connection is dated now (the sandbox clock).
    await control(cast.sb, 'POST', '/connections', { provider: 'sequencer_one', connected: true });
    expect(expectOk(await connections()).connections[2].connected_at).toBe(new Date(cast.sb.services.clock.now()).toISOString());
  });

  test('another organization starts with none connected', async () => {
    expect(expectOk(await connections(cast.other)).connections.every((c: any) => !c.connected)).toBe(true);
    expectPublicError(await campaigns(cast.other), 400, 'provider_not_connected');
  });

  test('checks crm:read; the read-only teammate lacks it and sync:write', async () => {
    expect(expectPublicError(await connections(cast.teammate), 403, 'insufficient_scope').details.required_scope).toBe('crm:read');
    expect(expectPublicError(await campaigns(cast.teammate), 403, 'insufficient_scope').details.required_scope).toBe('sync:write');
    const list = await syncList(cast, 3);
    expect(
      expectPublicError(await preview(cast, { provider: 'crm_one', list_id: list }, cast.teammate), 403, 'insufficient_scope').details
        .required_scope,
    ).toBe('sync:write');
  });
});

describe('GET /migrate/sequencer/campaigns', () => {
  test('the campaigns of the connected sequencer: id, name, status, provider, lead count; the same ids after a reset', async () => {
    const r = expectOk(await campaigns());
    expect(z.safeParse(SequencerCampaigns, r).success).toBe(true);
    expect(r.total).toBe(3);
    expect(r.campaigns[0]).toEqual({
      campaign_id: expect.stringMatching(/^camp_[0-9a-f]{24}$/),
      name: expect.any(String),
      status: 'active',
      provider: 'sequencer_one',
      lead_count: 120,
    });
    expect(r.campaigns.map((c: any) => c.status)).toContain('paused');
    await control(cast.sb, 'POST', '/reset', {});
    expect(expectOk(await campaigns()).campaigns).toEqual(r.campaigns);
  });
});

describe('POST /migrate/preview', () => {
  test('counts what would sync, skip and fail, lists the skipped leads with the reason (at most 100) and a few mapped samples; nothing pushed or charged', async () => {
    const list = await syncList(cast, 1000);
    const before = expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits;
    const p = expectOk(await preview(cast, { provider: 'crm_one', list_id: list }));
    expect(p).toMatchObject({ provider: 'crm_one', list_id: list, total_leads: 1000, would_skip: 125, estimated_cost: 200 });
    expect(p.would_sync + p.would_skip + p.would_fail).toBe(1000);
    expect(p.skipped_leads).toHaveLength(SYNC_PREVIEW_LIMITS.skippedShown);
    expect(p.skipped_leads[0]).toEqual({
      lead_id: records(cast, list)[5]!.lead_id,
      full_name: records(cast, list)[5]!.full_name,
      reason: 'missing_email',
    });
    expect(p.sample_records).toHaveLength(SYNC_PREVIEW_LIMITS.samples);
    expect(p.agent_instructions).toMatch(/first 100 of 125.*Nothing was pushed or charged/);
    expect(expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits).toBe(before);
    expect((await control(cast.sb, 'GET', '/sync/destinations')).destinations).toEqual({});
  });

  test('crm_two skips for a missing last name; the preview of a sequencer sync needs its campaign; quote_id and approved are not preview fields (422)', async () => {
    const list = await syncList(cast, 40);
    const p = expectOk(await preview(cast, { provider: 'crm_two', list_id: list }));
    expect(p).toMatchObject({ sub_action: 'leads', would_skip: 2 });
    expect(p.skipped_leads.map((l: any) => l.reason)).toEqual(['missing_last_name', 'missing_last_name']);
    expectPublicError(await preview(cast, { provider: 'sequencer_one', list_id: list }), 422, 'validation_error');
    expectPublicError(await preview(cast, { provider: 'crm_one', list_id: list, approved: true }), 422, 'validation_error');
    expectPublicError(await preview(cast, { provider: 'crm_one', list_id: 'lst_000000000000' }), 404, 'list_not_found');
  });
});

describe('partner-license-only workspaces', () => {
  test('the three helper routes are 403 feature_gated; the sync itself works', async () => {
    const list = await syncList(cast, 10);
    await control(cast.sb, 'POST', '/plan', { plan: 'free', partner_tier: 5 });
    const e = expectPublicError(await preview(cast, { provider: 'crm_one', list_id: list }), 403, 'feature_gated');
    expect(e.cause).toMatch(/partner-license-only/);
    expect(e.details).toMatchObject({ feature: 'sync_helpers', partner_tier: 5 });
    expectPublicError(await campaigns(), 403, 'feature_gated');
    expectPublicError(await connections(), 403, 'feature_gated');
    expect(expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_one', list_id: list })).credits_charged).toBe(2);
  });
});

test('the v1 public prefix answers the same', async () => {
  const list = await syncList(cast, 5);
  const r = await call(cast.sb, 'POST', '/migrate/preview', { prefix: '/api/v1/public', body: { provider: 'crm_one', list_id: list } });
  expect(expectOk(r).total_leads).toBe(5);
});
