import * as z from 'zod/mini';
import { beforeEach, describe, expect, test } from 'vitest';
import { control, newKey, openSandbox, raw, type RunningSandbox } from './helpers.js';
import { companiesWhere, expectOk, expectPublicError, get, leadIdsOf, peopleWhere, post, useSearchSandbox } from './search-helpers.js';
import {
  COHORT_PREFIX,
  COHORT_SLIDING_MS,
  FindAtCompaniesStarted,
  FindAtCompaniesStatusResponse,
  SEARCH_LIMITS,
} from '../../src/api/schemas/search.js';
import { JOB_MS } from '../../src/sandbox/routes/find-at-companies.js';
import type { Dataset } from '../../src/sandbox/data/dataset.js';

let sb: RunningSandbox;
let ds: Dataset;
useSearchSandbox((s, d) => ((sb = s), (ds = d)));
beforeEach(() => control(sb, 'POST', '/clock', { set_ms: Date.UTC(2031, 8, 1, 9), freeze: true }));

const start = (body: unknown, token?: string) => post(sb, '/people/find-at-companies', body, token);
const poll = (taskId: string, token?: string) => get(sb, `/people/find-at-companies/status/${taskId}`, token);
const advance = (ms: number) => control(sb, 'POST', '/clock', { advance_ms: ms });

/** An industry with a handful of companies, its filter, and the people there in some departments. */
function fixture() {
  const industry = ds.company(0).industry;
  const companies = companiesWhere(ds, (c) => c.industry === industry);
  const company_filter = { op: 'and', conditions: [{ column: 'industry', type: 'in', value: [industry] }] };
  const departments = ['Engineering', 'Sales', 'Product', 'Marketing'];
  const person_filter = { type: 'group_filter', op: 'and', filters: [{ column: 'department', filter_type: 'in', value: departments }] };
  const inSet = new Set(companies);
  const people = peopleWhere(ds, (p) => inSet.has(p.company_index) && departments.includes(p.department));
  return { industry, companies, company_filter, person_filter, people, departments };
}

async function runToEnd(body: unknown): Promise<any> {
  const started = expectOk(await start(body));
  await advance(JOB_MS);
  return expectOk(await poll(started.task_id));
}

describe('jobs', () => {
  test('processing until the sandbox clock passes the run time, then completed with the block', async () => {
    const f = fixture();
    const started = expectOk(await start({ company_filter: f.company_filter, person_filter: f.person_filter, limit: 20 }));
    expect(z.safeParse(FindAtCompaniesStarted, started).success).toBe(true);
    expect(started.status).toBe('processing');
    expect(started.task_id.startsWith(COHORT_PREFIX)).toBe(true);
    expect(started.poll_url).toBe(`${sb.url}/api/v2/people/find-at-companies/status/${started.task_id}`);
    expect(expectOk(await poll(started.task_id))).toMatchObject({ task_id: started.task_id, status: 'processing' });
    await advance(JOB_MS - 1);
    expect(expectOk(await poll(started.task_id)).status).toBe('processing');
    await advance(1);
    const done = expectOk(await poll(started.task_id));
    expect(z.safeParse(FindAtCompaniesStatusResponse, done).success).toBe(true);
    expect(done).toMatchObject({
      task_id: started.task_id,
      status: 'completed',
      total: f.people.length,
      credits_charged: 0,
      resolved_company_count: f.companies.length,
    });
    expect(done.results.map((r: any) => r.lead_id)).toEqual(leadIdsOf(ds, f.people.slice(0, 20)));
    for (const r of done.results) {
      expect(r).not.toHaveProperty('email');
      expect(r).not.toHaveProperty('phone');
    }
    expect(done).not.toHaveProperty('composite_warning');
  });

  test('the default block is 100 people; the cursor asks for the next block with the same body', async () => {
    const f = fixture();
    const industries = companiesWhere(ds, () => true).map((i) => ds.company(i).industry);
    const company_filter = { op: 'and', conditions: [{ column: 'industry', type: 'in', value: [...new Set(industries)].slice(0, 4) }] };
    const body = { company_filter, person_filter: f.person_filter };
    const first = await runToEnd(body);
    expect(first.total).toBeGreaterThan(100);
    expect(first.results).toHaveLength(SEARCH_LIMITS.findAtCompanies.default);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await runToEnd({ ...body, cursor: first.cursor, limit: 1000 });
    expect(second.results).toHaveLength(first.total - 100);
    expect(second.cursor).toBeNull();
    const seen = new Set([...first.results, ...second.results].map((r: any) => r.lead_id));
    expect(seen.size).toBe(first.total);
    // The cursor is bound to the body: another person filter is refused at once.
    const other = {
      ...body,
      person_filter: { type: 'group_filter', op: 'and', filters: [{ column: 'seniority', filter_type: 'in', value: ['Owner'] }] },
    };
    expectPublicError(await start({ ...other, cursor: first.cursor }), 400, 'invalid_cursor');
    expectPublicError(await start({ ...body, cursor: 'junk' }), 400, 'invalid_cursor');
  });

  test('company_linkedin_urls alone, in any spelling; unresolved ones give a composite_warning', async () => {
    const f = fixture();
    const urls = f.companies.slice(0, 2).map((i) => ds.company(i).linkedin_url);
    const spelled = [urls[0]!.replace(/^https?:\/\//, '').toUpperCase() + '/', urls[1]!];
    const done = await runToEnd({ company_linkedin_urls: spelled, person_filter: f.person_filter, limit: 1000 });
    const two = new Set(f.companies.slice(0, 2));
    expect(done.resolved_company_count).toBe(2);
    expect(done.results.map((r: any) => r.lead_id)).toEqual(
      leadIdsOf(
        ds,
        f.people.filter((i) => two.has(ds.person(i).company_index)),
      ),
    );
    expect(done).not.toHaveProperty('composite_warning');
    const missing = await runToEnd({
      company_linkedin_urls: [...urls, 'https://www.linkedin.com/company/no-such-company-zzyzx'],
      person_filter: f.person_filter,
    });
    expect(missing.resolved_company_count).toBe(2);
    expect(missing.composite_warning).toMatch(/1 of 3 company_linkedin_urls did not resolve/);
  });

  test('company_filter and company_linkedin_urls intersect; companies dropped by the intersection are reported', async () => {
    const f = fixture();
    const outside = companiesWhere(ds, (c) => c.industry !== f.industry)[0]!;
    const urls = [ds.company(f.companies[0]!).linkedin_url, ds.company(outside).linkedin_url];
    const done = await runToEnd({
      company_filter: f.company_filter,
      company_linkedin_urls: urls,
      person_filter: f.person_filter,
      limit: 1000,
    });
    expect(done.resolved_company_count).toBe(1);
    expect(done.total).toBe(f.people.filter((i) => ds.person(i).company_index === f.companies[0]).length);
    expect(done.composite_warning).toMatch(/1 of the 2 companies of company_linkedin_urls do not match company_filter/);
  });

  test('the poll URL keeps the prefix of the request', async () => {
    const f = fixture();
    const r = await raw(sb, 'POST', '/api/v1/public/people/find-at-companies', {
      token: sb.demoKey,
      body: { company_filter: f.company_filter, person_filter: f.person_filter },
    });
    expect(r.json.poll_url).toBe(`${sb.url}/api/v1/public/people/find-at-companies/status/${r.json.task_id}`);
    expect((await raw(sb, 'GET', new URL(r.json.poll_url).pathname, { token: sb.demoKey })).json.status).toBe('processing');
  });
});

describe('failures and errors', () => {
  test('body shape: 422 without person_filter, without companies, or with limit out of 1 to 1000', async () => {
    const f = fixture();
    for (const body of [
      { company_filter: f.company_filter },
      { person_filter: f.person_filter },
      { person_filter: f.person_filter, company_linkedin_urls: [] },
      { company_filter: f.company_filter, person_filter: f.person_filter, limit: 1001 },
      { company_filter: f.company_filter, person_filter: { op: 'and', filters: [] } },
    ])
      expectPublicError(await start(body), 422, 'validation_error');
  });

  test('an unknown column or filter type in person_filter is 400 validation_error naming it', async () => {
    const f = fixture();
    for (const [cond, column] of [
      [{ column: 'salary', filter_type: 'gte', value: 1 }, 'salary'],
      [{ column: 'title', filter_type: 'sounds_like', value: 'x' }, 'title'],
    ] as const) {
      const e = expectPublicError(
        await start({ company_filter: f.company_filter, person_filter: { type: 'group_filter', op: 'and', filters: [cond] } }),
        400,
        'validation_error',
      );
      expect(e.details.field).toBe(column);
    }
  });

  test(`companies resolving to more than ${SEARCH_LIMITS.findAtCompaniesCompanies}: the job fails`, async () => {
    const big = await openSandbox({ dataset: { people: 3000, companies: SEARCH_LIMITS.findAtCompaniesCompanies + 50 } });
    try {
      const everyone = { op: 'and', conditions: [{ column: 'employee_count', type: 'gte', value: 0 }] };
      const started = expectOk(
        await post(big, '/people/find-at-companies', { company_filter: everyone, person_filter: fixture().person_filter }),
      );
      await control(big, 'POST', '/clock', { advance_ms: JOB_MS + 100 });
      const failed = expectOk(await raw(big, 'GET', `/api/v2/people/find-at-companies/status/${started.task_id}`, { token: big.demoKey }));
      expect(failed).toMatchObject({ task_id: started.task_id, status: 'failed' });
      expect(failed.error).toMatch(/2050/);
      expect(failed).not.toHaveProperty('results');
    } finally {
      await big.close();
    }
  });

  test('task_not_found: unknown, another organization, a search cohort, expired', async () => {
    const f = fixture();
    const started = expectOk(await start({ company_filter: f.company_filter, person_filter: f.person_filter }));
    const other = await newKey(sb, { organization_id: (await control(sb, 'GET', '/state')).demo.other_organization_id });
    expectPublicError(await poll(started.task_id, other.api_key), 404, 'task_not_found');
    expectPublicError(await poll(`${COHORT_PREFIX}nope`), 404, 'task_not_found');
    const search = expectOk(await post(sb, '/people/find', { filters: { seniority: ['Owner'] } }));
    expectPublicError(await poll(search.task_id), 404, 'task_not_found');
    // Polling refreshes the handle; an hour without use expires it.
    await advance(COHORT_SLIDING_MS - 1);
    expect(expectOk(await poll(started.task_id)).status).toBe('completed');
    await advance(COHORT_SLIDING_MS);
    const e = expectPublicError(await poll(started.task_id), 404, 'task_not_found');
    expect(e.fix).toEqual(expect.any(String));
  });

  test('people:read is required', async () => {
    await control(sb, 'POST', '/scopes', { scopes: ['companies:read'] });
    const f = fixture();
    expectPublicError(await start({ company_filter: f.company_filter, person_filter: f.person_filter }), 403, 'insufficient_scope');
  });
});
