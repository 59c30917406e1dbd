import * as z from 'zod/mini';
import { beforeEach, describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { call, expectOk, expectPublicError, useListsSandbox } from './lists-helpers.js';
import {
  START_MS,
  balance,
  bulk,
  byName,
  byUrl,
  expectGenericError,
  finish,
  hitRates,
  reachablePeople,
  started,
  unknownProfile,
  v1Status,
} from './legacy-helpers.js';
import { LegacyBulkStarted } from '../../src/api/schemas/legacy.js';

const cast = useListsSandbox();
beforeEach(() => control(cast.sb, 'POST', '/clock', { set_ms: START_MS, freeze: true }));

async function extensionLeads(token = cast.owner): Promise<{ list: any; leads: any[] } | undefined> {
  const lists = expectOk(await call(cast.sb, 'GET', '/lead-lists', { token })).lists as any[];
  const list = lists.find((l) => l.name === 'Extension Leads');
  if (!list) return undefined;
  const leads = expectOk(await call(cast.sb, 'GET', `/lead-lists/${list.list_id}/leads?limit=500`, { token })).leads;
  return { list, leads };
}

describe('v1 POST /enrich/bulk', () => {
  test('queues each contact as a lead of the protected Extension Leads list, reserving the full price of the type', async () => {
    const people = reachablePeople(cast, 3);
    const contacts = [byUrl(people[0]!), byName(cast, people[1]!), byName(cast, people[2]!, 'name')];
    expect(await balance(cast)).toBe(5000);
    const r = await bulk(cast, { enrichment_type: 'full', contacts });
    const body = expectOk(r);
    expect(z.safeParse(LegacyBulkStarted, body).success).toBe(true);
    expect(body).toMatchObject({ status: 'processing', total_contacts: 3, skipped_duplicates: 0 });
    expect(body.workflow_id).toMatch(/^public_bulk_[0-9a-f-]{36}$/);
    expect(body.task_ids).toHaveLength(3);
    expect(new Set(body.task_ids).size).toBe(3);
    expect(body.message).toContain('3 contacts');
    expect(await balance(cast)).toBe(5000 - 3 * 11);

    const ext = (await extensionLeads())!;
    const named = (i: number) => `${people[i]!.first_name} ${people[i]!.last_name}`;
    expect(ext.leads.map((l) => l.full_name)).toEqual([named(0), named(1), named(2)]);
    expect(ext.leads.map((l) => l.company)).toEqual(people.map((p) => cast.ds.company(p.company_index).name));
    const renamed = await call(cast.sb, 'PATCH', `/lead-lists/${ext.list.list_id}`, { body: { name: 'Mine now' } });
    expectPublicError(renamed, 403, 'list_protected');

    // Not on v2, and the v2 key check does not apply (no scope needed).
    expect((await call(cast.sb, 'POST', '/enrich/bulk', { body: { contacts } })).status).toBe(404);
    await control(cast.sb, 'POST', '/scopes', { scopes: [] });
    expect((await bulk(cast, { contacts: [byUrl(reachablePeople(cast, 4)[3]!)] })).status).toBe(200);
  });

  // Spec, Lead row: first_name, last_name, full_name, title and company are strings (location string or null).
  test('a contact sent by linkedin_url whom the lookup finds is stored with the profile the v2 person route stores: names, title, company, location', async () => {
    const [p] = reachablePeople(cast, 1);
    const run = await started(cast, { contacts: [byUrl(p!)] });
    await finish(cast, run.workflow_id);
    const lead = (await extensionLeads())!.leads[0];
    const row = cast.ds.personRow(cast.ds.personIndexByLeadId(p!.lead_id)!);
    expect(lead).toMatchObject({
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: row.full_name,
      title: row.title,
      company: row.company,
      location: row.location,
    });
    for (const field of ['first_name', 'last_name', 'full_name', 'title', 'company'])
      expect(lead[field], field).toEqual(expect.any(String));

    // The same person through v2 POST /enrichment/person gets the same fields.
    const list = (await call(cast.sb, 'POST', '/lead-lists', { body: { name: 'Via v2' }, token: cast.other })).json.list_id;
    const body = { lead_list_id: list, linkedin_url: p!.linkedin_url, enrichment_type: 'partial' };
    expectOk(await call(cast.sb, 'POST', '/enrichment/person', { body, token: cast.other }));
    const v2Lead = expectOk(await call(cast.sb, 'GET', `/lead-lists/${list}/leads`, { token: cast.other })).leads[0];
    const profile = ({ first_name, last_name, full_name, title, company, location }: any) => ({
      first_name,
      last_name,
      full_name,
      title,
      company,
      location,
    });
    expect(profile(lead)).toEqual(profile(v2Lead));
  });

  test('contacts empty or over 250: 400 BAD_REQUEST naming the count; nothing queued', async () => {
    const empty = expectGenericError(await bulk(cast, { contacts: [] }), 400, 'BAD_REQUEST');
    expect(empty.message).toMatch(/empty/);
    const many = Array.from({ length: 251 }, (_, k) => unknownProfile(k));
    const over = expectGenericError(await bulk(cast, { contacts: many }), 400, 'BAD_REQUEST');
    expect(over.message).toContain('251');
    expect(over.message).toContain('250');
    expect((await bulk(cast, { contacts: many.slice(0, 250) })).status).toBe(200);
  });

  test('a contact that cannot be identified: 422 locating every bad contact; blank strings count as missing', async () => {
    const [a, b] = reachablePeople(cast, 2);
    const contacts = [
      byUrl(a!),
      { linkedin_url: '   ', first_name: a!.first_name, last_name: a!.last_name }, // no company
      byName(cast, b!),
      { first_name: 'Ada', last_name: '', company_domain: 'example.com' }, // blank last name
      { first_name: 'Ada', last_name: 'Lovelace', company_domain: ' ', company_name: '' }, // blank company
      {},
    ];
    const err = expectPublicError(await bulk(cast, { contacts }), 422, 'validation_error');
    expect(err.details.errors.map((e: any) => e.loc)).toEqual([1, 3, 4, 5].map((i) => ['body', 'contacts', i]));
    expect(err.details.errors[1].msg).toContain('last_name');
    expect(err.details.errors[2].msg).toContain('company_domain or company_name');
    expect(await balance(cast)).toBe(5000);
    expect(await extensionLeads()).toBeUndefined();
  });

  test('body type errors are 422 in the validation shape, located at the field', async () => {
    const cases: Array<[unknown, (string | number)[]]> = [
      [{ contacts: 'x' }, ['body', 'contacts']],
      [{ contacts: [byUrl(cast.ds.person(0))], enrichment_type: 'phone-only' }, ['body', 'enrichment_type']],
      [{ contacts: [{ linkedin_url: 7 }] }, ['body', 'contacts', 0, 'linkedin_url']],
      [{ contacts: [byUrl(cast.ds.person(0))], webhook_url: 'ftp://example.com/hook' }, ['body', 'webhook_url']],
    ];
    for (const [body, loc] of cases) {
      const err = expectPublicError(await bulk(cast, body), 422, 'validation_error');
      expect(err.details.errors.map((e: any) => e.loc)).toContainEqual(loc);
    }
  });

  test('duplicates of Extension Leads and repeats within the request are dropped; all duplicates is 400', async () => {
    const [a, b, c, d] = reachablePeople(cast, 4);
    const first = await started(cast, { contacts: [byUrl(a!), byName(cast, b!)] });
    expect(first.total_contacts).toBe(2);

    const again = expectGenericError(await bulk(cast, { contacts: [byUrl(a!), byName(cast, b!)] }), 400, 'BAD_REQUEST');
    expect(again.message).toMatch(/duplicate/i);
    const before = await balance(cast);

    const url = a!.linkedin_url.replace('https://www.', 'http://').toUpperCase() + '/';
    const company = cast.ds.company(b!.company_index);
    const mixed = [
      { linkedin_url: url }, // a, spelled otherwise
      { first_name: b!.first_name.toUpperCase(), last_name: b!.last_name, company_name: company.name.toLowerCase() }, // b, by company name (the lead had only the domain)
      byUrl(c!),
      byName(cast, d!),
      byUrl(c!), // repeat within the request
    ];
    // b, found in the data set, was saved with the company's name too: a name at the company's name is the same person.
    const r = await started(cast, { contacts: mixed });
    expect(r).toMatchObject({ total_contacts: 2, skipped_duplicates: 3 });
    expect(r.message).toContain('3 duplicate contacts were dropped');
    expect(await balance(cast)).toBe(before - 2);
    expect((await extensionLeads())!.leads).toHaveLength(4);

    // Repeating the name at the same domain (any case) is a duplicate.
    const dup = expectGenericError(
      await bulk(cast, { contacts: [{ ...byName(cast, d!), company_domain: cast.ds.company(d!.company_index).domain.toUpperCase() }] }),
      400,
      'BAD_REQUEST',
    );
    expect(dup.details).toMatchObject({ duplicates: 1 });
  });

  test('another member of the organization has an Extension Leads list of their own', async () => {
    const [a] = reachablePeople(cast, 1);
    await started(cast, { contacts: [byUrl(a!)] });
    const r = await bulk(cast, { contacts: [byUrl(a!)] }, cast.teammate);
    expect(r.status, r.text).toBe(200);
    expect((await extensionLeads(cast.teammate))!.list.list_id).not.toBe((await extensionLeads())!.list.list_id);
  });

  test('402 when the balance is below contacts left x full price: nothing queued, balance unchanged', async () => {
    const [a, b] = reachablePeople(cast, 2);
    await control(cast.sb, 'POST', '/balance', { credits: 21 });
    const err = expectGenericError(
      await bulk(cast, { enrichment_type: 'full', contacts: [byUrl(a!), byUrl(b!)] }),
      402,
      'INSUFFICIENT_CREDITS',
    );
    expect(err.details).toMatchObject({ estimated_cost_credits: 22, available_credits: 21, shortfall_credits: 1 });
    expect(await balance(cast)).toBe(21);
    expect(await extensionLeads()).toBeUndefined();

    // The check counts contacts after duplicates are removed.
    const r = await started(cast, { enrichment_type: 'phone_only', contacts: [byUrl(a!), byUrl(a!)] });
    expect(r.total_contacts).toBe(1);
    expect(await balance(cast)).toBe(11);
  });
});

describe('a v1 run settles pay-for-results', () => {
  test('every contact found: completed, charged per data point found, the rest refunded, leads filled in', async () => {
    hitRates(cast.sb, 1);
    const people = reachablePeople(cast, 3);
    const run = await started(cast, { enrichment_type: 'full', contacts: people.map(byUrl) });
    expect(await balance(cast)).toBe(5000 - 33);
    const wf = await finish(cast, run.workflow_id);
    expect(wf).toMatchObject({
      status: 'completed',
      total_prospects: 3,
      completed_prospects: 3,
      failed_prospects: 0,
      emails_found: 3,
      phones_found: 3,
    });
    expect(await balance(cast)).toBe(5000 - 33);
    const leads = (await extensionLeads())!.leads;
    expect(leads.map((l) => [l.email, l.phone])).toEqual(people.map((p) => [p.email, p.phone]));
  });

  test('partial type charges 1 per email found; a contact nobody knows fails: completed_with_errors, its credit refunded', async () => {
    hitRates(cast.sb, 1);
    const [a, b] = reachablePeople(cast, 2);
    const run = await started(cast, { contacts: [byUrl(a!), unknownProfile(1), byName(cast, b!)] });
    expect(await balance(cast)).toBe(5000 - 3);
    const wf = await finish(cast, run.workflow_id);
    expect(wf).toMatchObject({
      status: 'completed_with_errors',
      completed_prospects: 2,
      failed_prospects: 1,
      emails_found: 2,
      phones_found: 0,
    });
    expect(await balance(cast)).toBe(5000 - 2);
  });

  test('no contact found: failed, and the whole reservation is refunded', async () => {
    hitRates(cast.sb, 0);
    const run = await started(cast, { enrichment_type: 'full', contacts: reachablePeople(cast, 2).map(byUrl) });
    expect(await balance(cast)).toBe(5000 - 22);
    const wf = await finish(cast, run.workflow_id);
    expect(wf).toMatchObject({ status: 'failed', completed_prospects: 0, failed_prospects: 2, emails_found: 0, phones_found: 0 });
    expect(await balance(cast)).toBe(5000);
    const task = expectOk(await v1Status(cast, { task_id: run.task_ids[0] })).task;
    expect(task).toMatchObject({ status: 'failed' });
    expect(task).not.toHaveProperty('result');
  });
});
