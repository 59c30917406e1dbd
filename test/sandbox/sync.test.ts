import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import {
  balance,
  call,
  estimate,
  expectBalance,
  expectOk,
  expectPublicError,
  held,
  post,
  preview,
  records,
  syncList,
  syncQuoted,
  useEnrichmentSandbox,
} from './sync-helpers.js';
import { SyncPreview, SyncResult } from '../../src/api/schemas/sync.js';
import { setColumnValue, listsArea } from '../../src/sandbox/engine/lists.js';

const cast = useEnrichmentSandbox();

describe('POST /migrate/crm', () => {
  test('128 leads cost 26 credits, the balance moves by exactly 26; leads without an email are skipped, the counts add up and match what the CRM holds', async () => {
    const list = await syncList(cast, 128);
    const quote = await estimate(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: list });
    expect(quote).toMatchObject({ row_count: 128, estimated_cost: 26 });
    const before = await balance(cast);
    const leads = records(cast, list);
    const noEmail = leads.filter((l) => !l.email).map((l) => l.lead_id);
    expect(noEmail).toHaveLength(16);
    const seen = expectOk(await preview(cast, { provider: 'crm_one', list_id: list }));
    expect(seen).toMatchObject({ total_leads: 128, would_skip: 16, estimated_cost: 26 });
    expect(seen.skipped_leads.map((l: any) => l.lead_id)).toEqual(noEmail);
    expect(new Set(seen.skipped_leads.map((l: any) => l.reason))).toEqual(new Set(['missing_email']));
    await expectBalance(cast, before);

    const r = expectOk(await post(cast, 'crm', { provider: 'crm_one', list_id: list, quote_id: quote.quote_id, approved: true }));
    expect(z.safeParse(SyncResult, r).success).toBe(true);
    expect(r.workflow_id).toMatch(/^svc-sync_[0-9a-f-]{36}$/);
    expect(r).toMatchObject({
      status: 'completed',
      provider: 'crm_one',
      list_id: list,
      total_leads: 128,
      skipped: 16,
      estimated_cost: 26,
      credits_charged: 26,
    });
    expect(r.successful + r.skipped + r.failed).toBe(128);
    expect(r.failed).toBeGreaterThan(0);
    expect([r.successful, r.failed]).toEqual([seen.would_sync, seen.would_fail]);
    await expectBalance(cast, before - 26);

    // The CRM holds the pushed leads, mapped by default, and none of the skipped or refused ones.
    const contacts = await held(cast, 'crm_one/contacts');
    expect(Object.keys(contacts)).toHaveLength(r.successful);
    for (const id of noEmail) expect(contacts[id]).toBeUndefined();
    const one = leads.find((l) => contacts[l.lead_id])!;
    expect(contacts[one.lead_id]!.properties).toMatchObject({
      email: one.email,
      firstname: one.first_name,
      jobtitle: one.title,
      company: one.company,
    });
    expect(contacts[one.lead_id]!.workflow_id).toBe(r.workflow_id);
    expect(r.agent_instructions).toMatch(/16 skipped \(16 missing_email\)/);
  });

  test('the same leads fail the same way every time: a second sync refuses the same leads and the CRM keeps one record per lead', async () => {
    const list = await syncList(cast, 60);
    const first = expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_one', list_id: list }));
    const second = expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_one', list_id: list }));
    expect(second).toMatchObject({ successful: first.successful, failed: first.failed, skipped: first.skipped, credits_charged: 12 });
    const contacts = await held(cast, 'crm_one/contacts');
    expect(Object.keys(contacts)).toHaveLength(first.successful);
    expect(Object.values(contacts).every((c) => c.workflow_id === second.workflow_id)).toBe(true);
  });

  test('crm_two: a last name is needed, taken from the full name when missing; leads without an email are pushed', async () => {
    const list = await syncList(cast, 40);
    const leads = records(cast, list);
    const r = expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_two', list_id: list }));
    // Index 7 and 27 have a one-word name: no last name to take.
    expect(r).toMatchObject({ total_leads: 40, skipped: 2, credits_charged: 8, sub_action: 'leads' });
    const crmLeads = await held(cast, 'crm_two/leads');
    expect(Object.keys(crmLeads)).toHaveLength(r.successful);
    const fromFull = leads.filter((l, i) => i % 10 === 3 && i % 20 !== 7 && crmLeads[l.lead_id]);
    expect(fromFull.length).toBeGreaterThan(0);
    for (const l of fromFull) expect(crmLeads[l.lead_id]!.properties.LastName).toBe(l.full_name!.split(' ').at(-1));
    expect(leads.filter((l) => !l.email && crmLeads[l.lead_id]).length).toBeGreaterThan(0);
    for (const i of [7, 27]) expect(crmLeads[leads[i]!.lead_id]).toBeUndefined();
  });

  test('sub_action: crm_one takes contacts, crm_two leads or contacts; anything else is 400 naming the valid ones', async () => {
    const list = await syncList(cast, 10);
    expect(expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_two', list_id: list, sub_action: 'contacts' })).sub_action).toBe(
      'contacts',
    );
    expect(Object.keys(await held(cast, 'crm_two/contacts')).length).toBeGreaterThan(0);
    expect(expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_one', list_id: list, sub_action: 'contacts' })).sub_action).toBe(
      'contacts',
    );
    const e = expectPublicError(
      await post(cast, 'crm', { provider: 'crm_one', list_id: list, sub_action: 'leads', approved: true, quote_id: 'q' }),
      400,
      'validation_error',
    );
    expect(e.details.errors[0].loc).toEqual(['body', 'sub_action']);
    expect(e.problem).toMatch(/crm_one must be contacts/);
    expect(
      expectPublicError(await preview(cast, { provider: 'crm_two', list_id: list, sub_action: 'deals' }), 400, 'validation_error').problem,
    ).toMatch(/crm_two must be leads or contacts/);
  });
});

describe('field mapping', () => {
  test('the default mapping is shown in the preview; a custom one (with a smart-agent column) is shown and applied to what is pushed', async () => {
    const list = await syncList(cast, 12);
    const rec = listsArea(cast.sb.store).lists[list]!;
    for (const id of rec.lead_ids) setColumnValue(rec, 'intro_line', id, `Hi from ${id}`);
    const byDefault = expectOk(await preview(cast, { provider: 'crm_one', list_id: list }));
    expect(z.safeParse(SyncPreview, byDefault).success).toBe(true);
    expect(byDefault).toMatchObject({ mapping_source: 'default', sub_action: 'contacts', campaign_id: null });
    expect(byDefault.field_mapping).toMatchObject({ email: 'email', first_name: 'firstname', last_name: 'lastname' });

    const field_mapping = { email: 'work_email', intro_line: 'opener', domain: 'website' };
    const custom = expectOk(await preview(cast, { provider: 'crm_one', list_id: list, field_mapping }));
    expect(custom).toMatchObject({ mapping_source: 'custom', field_mapping });
    const sample = custom.sample_records[0];
    expect(Object.keys(sample.properties).sort()).toEqual(['opener', 'website', 'work_email']);
    expect(sample.properties.opener).toBe(`Hi from ${sample.lead_id}`);

    const r = expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_one', list_id: list, field_mapping }));
    expect(r.successful).toBe(custom.would_sync);
    const pushed = Object.values(await held(cast, 'crm_one/contacts'));
    expect(pushed.every((c) => Object.keys(c.properties).every((p) => ['opener', 'website', 'work_email'].includes(p)))).toBe(true);
  });

  test('refused with 400: an unknown column (naming it and the valid ones), an empty property, a mapping without the column the destination needs', async () => {
    const list = await syncList(cast, 5);
    const e = expectPublicError(
      await preview(cast, { provider: 'crm_one', list_id: list, field_mapping: { email: 'email', linkedin: 'li' } }),
      400,
      'validation_error',
    );
    expect(e.problem).toMatch(
      /does not have: linkedin\. Valid columns: lead_id, first_name, last_name, full_name, email, phone, title, company, domain, linkedin_url, location$/,
    );
    expect(e.details.errors[0].loc).toEqual(['body', 'field_mapping']);
    expectPublicError(await preview(cast, { provider: 'crm_one', list_id: list, field_mapping: { email: ' ' } }), 400, 'validation_error');
    expect(
      expectPublicError(
        await preview(cast, { provider: 'crm_two', list_id: list, field_mapping: { email: 'Email' } }),
        400,
        'validation_error',
      ).problem,
    ).toMatch(/must map the last_name column/);
    // The run refuses it the same way, at no cost.
    const before = await balance(cast);
    expectPublicError(
      await syncQuoted(cast, 'crm', { provider: 'crm_one', list_id: list, field_mapping: { nope: 'x' } }),
      400,
      'validation_error',
    );
    await expectBalance(cast, before);
  });

  test('the quote binds the mapping: a quote without one does not pay for a custom mapping (quote_mismatch)', async () => {
    const list = await syncList(cast, 5);
    const quote = await estimate(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: list });
    const r = await post(cast, 'crm', {
      provider: 'crm_one',
      list_id: list,
      field_mapping: { email: 'e' },
      quote_id: quote.quote_id,
      approved: true,
    });
    expectPublicError(r, 400, 'quote_mismatch');
  });
});

describe('refusals, nothing pushed or charged', () => {
  test('unknown field 422, approved false or missing 400 approval_required, empty list 400, unknown list 404, no quote 400', async () => {
    const list = await syncList(cast, 5);
    const empty = (await control(cast.sb, 'POST', '/lists', { name: 'Empty' })).list_id;
    const quote = (await estimate(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: list })).quote_id;
    const before = await balance(cast);
    const body = { provider: 'crm_one', list_id: list, quote_id: quote };
    const unknown = expectPublicError(await post(cast, 'crm', { ...body, approved: true, sequence_id: 's1' }), 422, 'validation_error');
    expect(unknown.details.errors[0]).toMatchObject({ type: 'unrecognized_keys', msg: expect.stringContaining('sequence_id') });
    expectPublicError(await post(cast, 'crm', { ...body, provider: 'hubspot', approved: true }), 422, 'validation_error');
    const refused = expectPublicError(await post(cast, 'crm', { ...body, approved: false }), 400, 'approval_required');
    expect(refused.fix).toMatch(/approved: true/);
    expectPublicError(await post(cast, 'crm', body), 400, 'approval_required');
    expect(
      expectPublicError(await post(cast, 'crm', { ...body, list_id: empty, approved: true }), 400, 'validation_error').problem,
    ).toMatch(/empty/);
    expectPublicError(await post(cast, 'crm', { ...body, list_id: 'lst_000000000000', approved: true }), 404, 'list_not_found');
    expectPublicError(await post(cast, 'crm', { provider: 'crm_one', list_id: list, approved: true }), 400, 'quote_required');
    await expectBalance(cast, before);
    expect(await held(cast, 'crm_one/contacts')).toEqual({});
    // The quote was never used by the refused requests.
    expectOk(await post(cast, 'crm', { ...body, approved: true }));
  });

  test('provider_not_connected once the control disconnects the CRM (the fix names the setting); the control takes only the three destinations', async () => {
    const list = await syncList(cast, 5);
    await control(cast.sb, 'POST', '/connections', { provider: 'crm_two', connected: false });
    const e = expectPublicError(await syncQuoted(cast, 'crm', { provider: 'crm_two', list_id: list }), 400, 'provider_not_connected');
    expect(e.fix).toMatch(/Settings > Integrations/);
    expect(e.details).toEqual({ provider: 'crm_two', connected_providers: ['crm_one', 'sequencer_one'] });
    expectPublicError(await preview(cast, { provider: 'crm_two', list_id: list }), 400, 'provider_not_connected');
    const bad = await call(cast.sb, 'POST', '/connections', { prefix: '/__sandbox', body: { provider: 'hubspot', connected: true } });
    expect(expectPublicError(bad, 400, 'validation_error').problem).toBe(
      'provider must be one of crm_one, crm_two, sequencer_one; got "hubspot"',
    );
    await control(cast.sb, 'POST', '/connections', { provider: 'crm_two', connected: true });
    expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_two', list_id: list }));
  });

  test('a push that fails as a whole: 502 internal_error, nothing pushed, the reservation refunded in full, the quote still usable once', async () => {
    const list = await syncList(cast, 128);
    const before = await balance(cast);
    await control(cast.sb, 'POST', '/sync/failures', { provider: 'crm_one' });
    const quote = (await estimate(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: list })).quote_id;
    const body = { provider: 'crm_one', list_id: list, quote_id: quote, approved: true };
    const e = expectPublicError(await post(cast, 'crm', body), 502, 'internal_error');
    expect(e.problem).toMatch(/nothing was pushed/);
    expect(e.cause).toMatch(/26 credits reserved were refunded/);
    expect(e.details).toMatchObject({ pushed: 0, credits_refunded: 26 });
    await expectBalance(cast, before);
    expect(await held(cast, 'crm_one/contacts')).toEqual({});

    const r = expectOk(await post(cast, 'crm', body));
    expect(r.credits_charged).toBe(26);
    await expectBalance(cast, before - 26);
    const again = expectPublicError(await post(cast, 'crm', body), 409, 'quote_already_redeemed');
    expect(again.details.workflow_id).toBe(r.workflow_id);
    expect(again.fix).toBe(
      `That sync is ${r.workflow_id}: it ran when the quote was used and cannot be read back; check the destination before syncing again with a new quote.`,
    );
    await expectBalance(cast, before - 26);
  });

  test('a push the destination refuses whole answers status failed with its counts: nothing held, charged in full, the quote used', async () => {
    const list = await syncList(cast, 40);
    const before = await balance(cast);
    const queued = await control(cast.sb, 'POST', '/sync/failures', { provider: 'crm_one', outcome: 'status_failed' });
    expect(queued.failures).toEqual([{ organization_id: expect.any(String), provider: 'crm_one', outcome: 'status_failed' }]);
    const quote = (await estimate(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: list })).quote_id;
    const body = { provider: 'crm_one', list_id: list, quote_id: quote, approved: true };
    const r = expectOk(await post(cast, 'crm', body));
    expect(z.safeParse(SyncResult, r).success).toBe(true);
    expect(r).toMatchObject({ status: 'failed', total_leads: 40, successful: 0, skipped: 5, failed: 35, credits_charged: 8 });
    expect(r.agent_instructions).toMatch(/refused all 35 leads it was sent \(5 more skipped\); nothing was pushed\. 8 credits charged/);
    await expectBalance(cast, before - 8);
    expect(await held(cast, 'crm_one/contacts')).toEqual({});
    expect(expectPublicError(await post(cast, 'crm', body), 409, 'quote_already_redeemed').details.workflow_id).toBe(r.workflow_id);
    // Only the next push fails; the default outcome stays the whole-push 502.
    expect(expectOk(await syncQuoted(cast, 'crm', { provider: 'crm_one', list_id: list })).status).toBe('completed');
    expect((await control(cast.sb, 'POST', '/sync/failures', {})).failures[0].outcome).toBe('whole_push');
    expectPublicError(
      await call(cast.sb, 'POST', '/sync/failures', { prefix: '/__sandbox', body: { outcome: 'partial' } }),
      422,
      'validation_error',
    );
  });

  test('both sync routes check sync:write: the read-only teammate gets 403 insufficient_scope, nothing pushed or charged', async () => {
    const list = await syncList(cast, 5);
    const before = await balance(cast);
    const campaign_id = expectOk(await call(cast.sb, 'GET', '/migrate/sequencer/campaigns')).campaigns[0].campaign_id;
    const approvedWithQuote = async (tool: string, body: Record<string, unknown>) => ({
      ...body,
      approved: true,
      quote_id: (await estimate(cast, { tool, ...body })).quote_id,
    });
    const crm = await approvedWithQuote('sync_to_crm', { provider: 'crm_one', list_id: list });
    const seq = await approvedWithQuote('sync_to_sequencer', { provider: 'sequencer_one', list_id: list, campaign_id });
    for (const [kind, body] of [
      ['crm', crm],
      ['sequencer', seq],
    ] as const) {
      const e = expectPublicError(await post(cast, kind, body, cast.teammate), 403, 'insufficient_scope');
      expect(e.details.required_scope).toBe('sync:write');
    }
    await expectBalance(cast, before);
    expect((await control(cast.sb, 'GET', '/sync/destinations')).syncs).toEqual([]);
    // The quotes were not used: the owner's key syncs with them.
    expectOk(await post(cast, 'crm', crm));
    expectOk(await post(cast, 'sequencer', seq));
  });

  test('the list may grow 10 % past the quote: every lead is pushed, the charge stays at the quote', async () => {
    const list = await syncList(cast, 50);
    const quote = (await estimate(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: list })).quote_id;
    const extra = await syncList(cast, 5, 'More', 1000);
    const ids = records(cast, extra).map((l) => l.lead_id);
    expectOk(await call(cast.sb, 'POST', `/lead-lists/${list}/leads`, { body: { lead_ids: ids } }));
    const before = await balance(cast);
    const r = expectOk(await post(cast, 'crm', { provider: 'crm_one', list_id: list, quote_id: quote, approved: true }));
    expect(r).toMatchObject({ total_leads: 55, estimated_cost: 10, credits_charged: 10 });
    await expectBalance(cast, before - 10);
  });
});

describe('POST /migrate/sequencer', () => {
  test('pushes into a campaign of the connected sequencer; its lead count grows by what was pushed; leads without an email are skipped', async () => {
    const list = await syncList(cast, 24);
    const { campaigns } = expectOk(await call(cast.sb, 'GET', '/migrate/sequencer/campaigns'));
    const campaign = campaigns[0];
    const r = expectOk(
      await syncQuoted(cast, 'sequencer', { provider: 'sequencer_one', list_id: list, campaign_id: campaign.campaign_id }),
    );
    expect(r).toMatchObject({
      provider: 'sequencer_one',
      campaign_id: campaign.campaign_id,
      total_leads: 24,
      skipped: 3,
      credits_charged: 5,
    });
    expect(Object.keys(await held(cast, `sequencer_one/${campaign.campaign_id}`))).toHaveLength(r.successful);
    const after = expectOk(await call(cast.sb, 'GET', '/migrate/sequencer/campaigns')).campaigns[0];
    expect(after.lead_count).toBe(campaign.lead_count + r.successful);
  });

  test('an unknown campaign is 404 not_found saying where campaigns are listed; campaign_id missing or sub_action given are 422', async () => {
    const list = await syncList(cast, 5);
    const e = expectPublicError(
      await syncQuoted(cast, 'sequencer', { provider: 'sequencer_one', list_id: list, campaign_id: 'camp_nope' }),
      404,
      'not_found',
    );
    expect(e.fix).toMatch(/GET \/migrate\/sequencer\/campaigns/);
    expectPublicError(
      await post(cast, 'sequencer', { provider: 'sequencer_one', list_id: list, approved: true, quote_id: 'q' }),
      422,
      'validation_error',
    );
    expectPublicError(
      await post(cast, 'sequencer', { provider: 'sequencer_one', list_id: list, campaign_id: 'c', sub_action: 'contacts' }),
      422,
      'validation_error',
    );
    expectPublicError(await post(cast, 'sequencer', { provider: 'crm_one', list_id: list, campaign_id: 'c' }), 422, 'validation_error');
  });
});
