import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control, raw } from './helpers.js';
import {
  accepted,
  advance,
  balance,
  call,
  enrich,
  expectOk,
  expectPublicError,
  finished,
  leadsOf,
  listOf,
  paidFor,
  seedList,
  setHitRates,
  statusOf,
  useEnrichmentSandbox,
} from './enrichment-helpers.js';
import { csvImport, expectCreated, importBody, leadCount } from './csv-import-helpers.js';
import { EnrichmentStatusResponse, PersonEnrichResult, PersonEnrichStarted } from '../../src/api/schemas/enrichment.js';

const cast = useEnrichmentSandbox();

/** Starts a person run into the list and returns the start answer. */
async function person(listId: string, body: Record<string, unknown>): Promise<any> {
  return accepted(await enrich(cast, 'person', { lead_list_id: listId, ...body }));
}

/** The lead a finished person run enriched. */
async function enrichedLead(runId: string): Promise<string> {
  return (await finished(cast, runId)).result.lead_id;
}

describe('POST /enrichment/person', () => {
  test('a data-set person by person_id: pending, processing, completed; the balance drops by the reservation, then settles to 1 per email + 10 per phone found', async () => {
    await control(cast.sb, 'POST', '/enrichment', { pace: { pending_ms: 100 } });
    const list = await listOf(cast, 'Target', 0);
    const p = cast.ds.person(300);
    const before = await balance(cast);
    const started = await person(list, { person_id: p.lead_id, enrichment_type: 'full' });
    expect(z.safeParse(PersonEnrichStarted, started).success).toBe(true);
    expect(started).toMatchObject({ status: 'pending', credits_reserved: 11, lead_list_id: list });
    expect(started.workflow_id).toMatch(/^enrich-[0-9a-f-]{36}$/);
    expect(started.poll_url).toBe(`${cast.sb.url}/api/v2/enrichment/status/${started.workflow_id}`);
    expect(await balance(cast)).toBe(before - 11);

    const pending = await statusOf(cast, started.workflow_id);
    expect(z.safeParse(EnrichmentStatusResponse, pending).success).toBe(true);
    expect(pending).toMatchObject({
      status: 'pending',
      total: 1,
      processed: 0,
      credits_charged: 0,
      credits_refunded: 0,
      result: null,
      enrichment_type: 'full',
      lead_list_id: list,
    });
    await advance(cast, 100);
    expect((await statusOf(cast, started.workflow_id)).status).toBe('processing');
    await advance(cast, 50);
    const done = expectOk(await raw(cast.sb, 'GET', new URL(started.poll_url).pathname, { token: cast.owner }));
    const [lead] = await leadsOf(cast, list);
    expect(lead).toMatchObject({ full_name: `${p.first_name} ${p.last_name}`, title: p.title });
    const charged = paidFor([lead]);
    expect(charged).toBeGreaterThan(0);
    expect(done).toMatchObject({
      status: 'completed',
      processed: 1,
      credits_charged: charged,
      credits_refunded: 11 - charged,
      refund_status: 'not_applicable',
    });
    expect(z.safeParse(PersonEnrichResult, done.result).success).toBe(true);
    expect(done.result).toMatchObject({
      lead_id: lead.lead_id,
      email: lead.email,
      phone: lead.phone,
      enrichment_type: 'full',
      status: lead.email && lead.phone ? 'found' : 'partial',
    });
    expect(await balance(cast)).toBe(before - charged);
  });

  test('with every email and phone found a full run charges 11; with none found it charges nothing and refunds all (result not_found)', async () => {
    const list = await listOf(cast, 'Target', 0);
    const before = await balance(cast);
    await setHitRates(cast, { email: 1, phone: 1 });
    const all = await finished(cast, (await person(list, { person_id: cast.ds.person(10).lead_id, enrichment_type: 'full' })).workflow_id);
    expect(all).toMatchObject({ credits_charged: 11, credits_refunded: 0, result: { status: 'found' } });
    await setHitRates(cast, { email: 0, phone: 0 });
    const none = await finished(cast, (await person(list, { person_id: cast.ds.person(11).lead_id, enrichment_type: 'full' })).workflow_id);
    // completed means every row succeeded: the one row's lookup ran; result.status says it found nothing.
    expect(none).toMatchObject({
      status: 'completed',
      total: 1,
      processed: 1,
      completed: 1,
      failed: 0,
      credits_charged: 0,
      credits_refunded: 11,
      result: { status: 'not_found', email: null, phone: null },
    });
    expect(await balance(cast)).toBe(before - 11);
  });

  test('an existing workspace lead is found by person_id (ld_), by email in any case and by LinkedIn URL in another spelling: no new lead record', async () => {
    const imports = await listOf(cast, 'Imports', 0);
    expectCreated(await csvImport(cast, imports, importBody('Name,Email,Company,LinkedIn\nAnn Lee,ann@acme.io,Acme,\n')));
    const [ann] = await leadsOf(cast, imports);
    const seeded = await listOf(cast, 'Seeded', 1, 40);
    const [saved] = await leadsOf(cast, seeded);
    const url = cast.ds.person(40).linkedin_url.replace('https://www.', 'HTTP://').toUpperCase().replace('/IN/', '/in/') + '/?trk=x';
    const target = await listOf(cast, 'Target', 0);
    const records = leadCount(cast);

    expect(await enrichedLead((await person(target, { email: 'ANN@Acme.IO' })).workflow_id)).toBe(ann.lead_id);
    expect(await enrichedLead((await person(target, { linkedin_url: url })).workflow_id)).toBe(saved.lead_id);
    expect(await enrichedLead((await person(target, { person_id: saved.lead_id })).workflow_id)).toBe(saved.lead_id);
    expect(leadCount(cast)).toBe(records);
    expect((await leadsOf(cast, target)).map((l) => l.lead_id)).toEqual([ann.lead_id, saved.lead_id]);
  });

  test('a data-set person matched by name and company domain or exact company name is saved with its profile; its person_id then reuses that lead', async () => {
    const target = await listOf(cast, 'Target', 0);
    const p = cast.ds.person(500);
    const q = cast.ds.person(501);
    const byDomain = await enrichedLead(
      (
        await person(target, {
          first_name: p.first_name,
          last_name: p.last_name,
          domain: `https://WWW.${cast.ds.company(p.company_index).domain}/`,
        })
      ).workflow_id,
    );
    const byName = await enrichedLead(
      (
        await person(target, {
          first_name: q.first_name,
          last_name: q.last_name,
          company_name: cast.ds.company(q.company_index).name.toUpperCase(),
        })
      ).workflow_id,
    );
    const records = leadCount(cast);
    expect(await enrichedLead((await person(target, { person_id: p.lead_id })).workflow_id)).toBe(byDomain);
    expect(leadCount(cast)).toBe(records);
    const leads = await leadsOf(cast, target);
    expect(leads.map((l) => [l.lead_id, l.full_name, l.title, l.company, l.location])).toEqual([
      [byDomain, `${p.first_name} ${p.last_name}`, p.title, cast.ds.company(p.company_index).name, p.location],
      [byName, `${q.first_name} ${q.last_name}`, q.title, cast.ds.company(q.company_index).name, q.location],
    ]);
  });

  test('someone the data set does not know becomes a lead made of the fields sent; a person_id naming nothing, sent alone, is 404 and charges nothing', async () => {
    const target = await listOf(cast, 'Target', 0);
    const run = await person(target, {
      first_name: 'Zed',
      last_name: 'Quill',
      company_name: 'Nowhere Widgets',
      phone: '+15550001111',
      enrichment_type: 'partial',
    });
    const done = await finished(cast, run.workflow_id);
    const [lead] = await leadsOf(cast, target);
    expect(lead).toMatchObject({
      lead_id: done.result.lead_id,
      full_name: 'Zed Quill',
      company: 'Nowhere Widgets',
      phone: '+15550001111',
      email: null,
    });
    expect(done).toMatchObject({ credits_charged: 0, result: { status: 'not_found' } });
    const before = await balance(cast);
    const records = leadCount(cast);
    const e = expectPublicError(await enrich(cast, 'person', { lead_list_id: target, person_id: 'ld_nobody' }), 404, 'not_found');
    expect(e.problem).toContain('ld_nobody');
    expect([await balance(cast), leadCount(cast)]).toEqual([before, records]);
  });

  test('enrichment_type wins over include_phone; include_phone true alone is phone_only (10), nothing sent is partial (1)', async () => {
    const target = await listOf(cast, 'Target', 0);
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ include_phone: true }, 'phone_only', 10],
      [{ include_phone: true, enrichment_type: 'partial' }, 'partial', 1],
      [{ include_phone: false, enrichment_type: 'full' }, 'full', 11],
      [{}, 'partial', 1],
    ];
    for (const [flags, type, reserved] of cases) {
      const run = await person(target, { person_id: cast.ds.person(700).lead_id, ...flags });
      expect(run.credits_reserved).toBe(reserved);
      expect((await statusOf(cast, run.workflow_id)).enrichment_type).toBe(type);
    }
  });

  test('refused before anything starts, nothing charged and no lead made: 422 without an identifier, 404 list, 403 view-only list, 403 lead cap, 400 insufficient_credits', async () => {
    const target = await listOf(cast, 'Target', 1);
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: ['lists:read', 'enrich:write'] });
    const viewOnly = (await seedList(cast.sb, { name: 'View', shares: { [cast.teammateId]: 'view' } })).list_id;
    const records = leadCount(cast);
    const before = await balance(cast);
    const who = { person_id: cast.ds.person(900).lead_id };

    const e = expectPublicError(
      await enrich(cast, 'person', { lead_list_id: target, first_name: 'Ann', last_name: 'Lee' }),
      422,
      'validation_error',
    );
    expect(e.details.errors[0].msg).toMatch(/strong identifier/);
    expectPublicError(await enrich(cast, 'person', { lead_list_id: 'lst_nope', ...who }), 404, 'list_not_found');
    expectPublicError(await enrich(cast, 'person', { lead_list_id: viewOnly, ...who }, cast.teammate), 403, 'list_not_editable');
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 1 });
    expectPublicError(await enrich(cast, 'person', { lead_list_id: target, ...who }), 403, 'lead_cap_reached');
    await control(cast.sb, 'POST', '/caps', { leads_per_list: null });
    await control(cast.sb, 'POST', '/balance', { credits: 5 });
    const poor = expectPublicError(
      await enrich(cast, 'person', { lead_list_id: target, ...who, enrichment_type: 'full' }),
      400,
      'insufficient_credits',
    );
    expect(poor).toMatchObject({ estimated_cost_credits: 11, available_credits: 5, shortfall_credits: 6 });
    expect(leadCount(cast)).toBe(records);
    expect(await leadsOf(cast, target)).toHaveLength(1);
    await control(cast.sb, 'POST', '/balance', { credits: before });
    expect(await balance(cast)).toBe(before);
  });
});

describe('GET /enrichment/status/{workflow_id}', () => {
  test("404 not_found for an unknown id and for another organization's run; the v1 public prefix answers the same status", async () => {
    const target = await listOf(cast, 'Target', 0);
    const run = await person(target, { person_id: cast.ds.person(5).lead_id });
    expectPublicError(await call(cast.sb, 'GET', '/enrichment/status/enrich-unknown'), 404, 'not_found');
    expectPublicError(await call(cast.sb, 'GET', `/enrichment/status/${run.workflow_id}`, { token: cast.other }), 404, 'not_found');
    const v1 = expectOk(await call(cast.sb, 'GET', `/enrichment/status/${run.workflow_id}`, { prefix: '/api/v1/public' }));
    expect(v1).toEqual(await statusOf(cast, run.workflow_id));
  });

  test('403 insufficient_scope without enrich:read; starting needs enrich:write', async () => {
    const target = (await seedList(cast.sb, { name: 'Shared', shares: { [cast.teammateId]: 'edit' } })).list_id;
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: ['lists:read', 'lists:write'] });
    const e = expectPublicError(
      await enrich(cast, 'person', { lead_list_id: target, person_id: cast.ds.person(5).lead_id }, cast.teammate),
      403,
      'insufficient_scope',
    );
    expect(e.details.required_scope).toBe('enrich:write');
    const run = await person(target, { person_id: cast.ds.person(5).lead_id });
    const read = expectPublicError(
      await call(cast.sb, 'GET', `/enrichment/status/${run.workflow_id}`, { token: cast.teammate }),
      403,
      'insufficient_scope',
    );
    expect(read.details.required_scope).toBe('enrich:read');
  });
});
