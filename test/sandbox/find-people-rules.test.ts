import { beforeEach, describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { call, expectOk, expectPublicError, seedList, useListsSandbox } from './lists-helpers.js';
import { advance, expectedPeople, leadsOf, listWithLeads, pollJob, START_MS, startJob } from './find-people-helpers.js';
import { FIND_PEOPLE_LIMITS } from '../../src/api/schemas/lists.js';
import { FIND_PEOPLE_PENDING_MS, FIND_PEOPLE_RUN_MS } from '../../src/sandbox/engine/find-people.js';

const cast = useListsSandbox();
beforeEach(() => control(cast.sb, 'POST', '/clock', { set_ms: START_MS, freeze: true }));

describe('starting a job', () => {
  test('company_ids outside the list are dropped and named in message; none left is a 400 naming them', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 3);
    const stranger = cast.ds.company(cast.ds.size.companies - 1).company_id;
    expect(companies).not.toContain(stranger);
    const started = expectOk(
      await startJob(cast, id, { company_ids: [companies[0], stranger, 'cmp_nope', companies[0]], limit_per_company: 3 }),
    );
    expect(started).toMatchObject({ total_companies: 1, estimated_credits: 3 });
    expect(started.message).toContain(`2 of the company_ids are not companies of this list and were dropped: ${stranger}, cmp_nope`);
    const e = expectPublicError(await startJob(cast, id, { company_ids: [stranger, 'cmp_nope'] }), 400, 'validation_error');
    expect(e.details.dropped).toEqual([stranger, 'cmp_nope']);
    const empty = (await seedList(cast.sb, { name: 'Empty' })).list_id;
    expectPublicError(await startJob(cast, empty, { company_ids: companies }), 400, 'validation_error');
  });

  test('402 insufficient_credits when the balance is below companies x limit_per_company, with the figures; a balance just covering it starts, and nothing is charged', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 40);
    const three = companies.slice(0, 3);
    await control(cast.sb, 'POST', '/balance', { credits: 14 });
    const e = expectPublicError(await startJob(cast, id, { company_ids: three }), 402, 'insufficient_credits');
    expect(e).toMatchObject({ estimated_cost_credits: 15, available_credits: 14, shortfall_credits: 1, retryable: false });
    await control(cast.sb, 'POST', '/balance', { credits: 15 });
    const started = expectOk(await startJob(cast, id, { company_ids: three }));
    await advance(cast, FIND_PEOPLE_RUN_MS);
    expect(expectOk(await pollJob(cast, id, started.workflow_id))).toMatchObject({ status: 'completed', credits_used: 0 });
    expect(expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits).toBe(15);
  });

  test("403 lead_cap_reached when the list's contacts plus the people asked for would pass the per-list cap", async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 4);
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 4 + 2 * companies.length - 1 });
    const e = expectPublicError(await startJob(cast, id, { company_ids: companies, limit_per_company: 2 }), 403, 'lead_cap_reached');
    expect(e.details).toEqual({ lead_count: 4, adding: 2 * companies.length, cap: 4 + 2 * companies.length - 1 });
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 4 + 2 * companies.length });
    expect(expectOk(await startJob(cast, id, { company_ids: companies, limit_per_company: 2 })).status).toBe('pending');
  });

  test('403 feature_gated for a partner-license-only workspace', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 2);
    await control(cast.sb, 'POST', '/plan', { plan: 'free', partner_tier: 6 });
    const e = expectPublicError(await startJob(cast, id, { company_ids: companies }), 403, 'feature_gated');
    expect(e.details).toEqual({ feature: 'find_people', partner_tier: 6 });
    expect(e.cause).toContain('partner-license-only');
  });

  test('422 from the body schema: company_ids empty or over 100, limit_per_company outside 1 to 25', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 2);
    const many = Array.from({ length: FIND_PEOPLE_LIMITS.companyIds.max + 1 }, (_, i) => `cmp_${i}`);
    const loc = async (body: unknown) =>
      expectPublicError(await startJob(cast, id, body), 422, 'validation_error').details.errors[0].loc.join('.');
    expect(await loc({})).toBe('body.company_ids');
    expect(await loc({ company_ids: [] })).toBe('body.company_ids');
    expect(await loc({ company_ids: many })).toBe('body.company_ids');
    expect(await loc({ company_ids: companies, limit_per_company: 0 })).toBe('body.limit_per_company');
    expect(await loc({ company_ids: companies, limit_per_company: 26 })).toBe('body.limit_per_company');
  });

  test("the list: 404 list_not_found unknown, foreign or a teammate's private one; 403 list_not_editable view-only; lists:write needed", async () => {
    const foreign = await listWithLeads(cast, 'Theirs', 2, 0, { organization_id: cast.otherOrgId });
    const private_ = await listWithLeads(cast, 'Private', 2, 0, { user_id: cast.teammateId });
    for (const l of [{ id: 'lst_unknown', companies: private_.companies }, foreign, private_])
      expectPublicError(await startJob(cast, l.id, { company_ids: l.companies }), 404, 'list_not_found');
    const shared = await listWithLeads(cast, 'Shared', 2, 0, { shares: { [cast.teammateId]: 'view' } });
    expect(
      expectPublicError(await startJob(cast, shared.id, { company_ids: shared.companies }, cast.teammate), 403, 'insufficient_scope')
        .details.required_scope,
    ).toBe('lists:write');
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: ['lists:read', 'lists:write', 'people:read'] });
    expectPublicError(await startJob(cast, shared.id, { company_ids: shared.companies }, cast.teammate), 403, 'list_not_editable');
  });
});

describe('how a job ends', () => {
  test('failed when the people would pass the contact cap at import time: nothing saved, the error says why', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 3, 200);
    const started = expectOk(await startJob(cast, id, { company_ids: companies, limit_per_company: 25 }));
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 4 });
    await advance(cast, FIND_PEOPLE_RUN_MS);
    const people = expectedPeople(cast, companies, 25);
    const done = expectOk(await pollJob(cast, id, started.workflow_id));
    expect(done).toMatchObject({
      status: 'failed',
      processed_companies: companies.length,
      people_found: people.length,
      people_added: 0,
      completed_at: new Date(START_MS + FIND_PEOPLE_RUN_MS).toISOString(),
    });
    expect(done.error).toMatch(/could not be saved.*more than the plan's 4 per list/);
    expect(await leadsOf(cast, id)).toHaveLength(3);
    await control(cast.sb, 'POST', '/caps', { leads_per_list: null });
    expect(expectOk(await pollJob(cast, id, started.workflow_id)).status).toBe('failed');
  });

  test('cancelled when the list is deleted before the job finished; the status stays readable under the deleted list', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 3);
    const started = expectOk(await startJob(cast, id, { company_ids: companies }));
    await advance(cast, FIND_PEOPLE_PENDING_MS + 100);
    expectOk(await call(cast.sb, 'DELETE', `/lead-lists/${id}`));
    const gone = expectOk(await pollJob(cast, id, started.workflow_id));
    expect(gone).toMatchObject({
      status: 'cancelled',
      people_found: 0,
      people_added: 0,
      error: null,
      completed_at: new Date(START_MS + FIND_PEOPLE_PENDING_MS + 100).toISOString(),
    });
    await advance(cast, FIND_PEOPLE_RUN_MS);
    expect(expectOk(await pollJob(cast, id, started.workflow_id))).toEqual({ ...gone, timestamp_ms: expect.any(Number) });
  });

  test('a job that completed stays completed when its list is deleted later', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 2);
    const started = expectOk(await startJob(cast, id, { company_ids: companies }));
    await advance(cast, FIND_PEOPLE_RUN_MS);
    expect(expectOk(await pollJob(cast, id, started.workflow_id)).status).toBe('completed');
    expectOk(await call(cast.sb, 'DELETE', `/lead-lists/${id}`));
    expect(expectOk(await pollJob(cast, id, started.workflow_id)).status).toBe('completed');
  });
});

describe('polling', () => {
  test("404 not_found for an unknown workflow, another organization's, and a workflow of another list in the path", async () => {
    const mine = await listWithLeads(cast, 'Mine', 2);
    const other = await listWithLeads(cast, 'Other', 2, 50);
    const job = expectOk(await startJob(cast, mine.id, { company_ids: mine.companies })).workflow_id;
    const theirs = await listWithLeads(cast, 'Theirs', 2, 0, { organization_id: cast.otherOrgId });
    const foreign = expectOk(await startJob(cast, theirs.id, { company_ids: theirs.companies }, cast.other)).workflow_id;
    expectPublicError(await pollJob(cast, mine.id, 'fpw_unknown'), 404, 'not_found');
    expectPublicError(await pollJob(cast, theirs.id, foreign), 404, 'not_found');
    expectPublicError(await pollJob(cast, other.id, job), 404, 'not_found');
    expect(expectOk(await pollJob(cast, theirs.id, foreign, cast.other)).status).toBe('pending');
  });

  test('polling needs people:read only: the read-only teammate follows a job of the organization', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 2);
    const job = expectOk(await startJob(cast, id, { company_ids: companies })).workflow_id;
    expect(expectOk(await pollJob(cast, id, job, cast.teammate)).status).toBe('pending');
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: ['lists:read'] });
    expect(expectPublicError(await pollJob(cast, id, job, cast.teammate), 403, 'insufficient_scope').details.required_scope).toBe(
      'people:read',
    );
  });
});
