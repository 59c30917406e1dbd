import { beforeEach, describe, expect, it } from 'vitest';
import { clientFor, control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { ndjson } from '../helpers/json.js';
import { apiOf } from '../../src/api/api.js';
import { LIST_LIMITS } from '../../src/api/schemas/values/lists.js';
import { EXPORT_LIMITS } from '../../src/api/schemas/values/export.js';
import { SEARCH_LIMITS } from '../../src/api/schemas/values/search.js';

/**
 * `--all` asks for the largest page the service gives, so a listing takes the fewest requests
 * the spec's limits allow: the per-key rate limit counts requests, not rows.
 */
const t = useSandboxEnv({ withKey: true });
const LEADS = 1_200;

beforeEach(async () => {
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
});

/** How many requests reached this route of the sandbox. */
async function requestsTo(route: string): Promise<number> {
  const { requests } = await control(t.sb, 'GET', '/requests?limit=5000');
  return (requests as Array<{ route: string }>).filter((r) => r.route === route).length;
}

const run = (...args: string[]) => prospect(args, { env: t.env });
const seedList = async (name: string, people: number) => (await control(t.sb, 'POST', '/lists', { name, people })).list_id as string;

describe('--all pages at the spec maximum', () => {
  it(`lists leads --all: ${LEADS} leads in pages of ${LIST_LIMITS.leadsPage.max}`, async () => {
    await seedList('Big', LEADS);
    const r = await run('lists', 'leads', 'Big', '--all', '--format', 'ndjson');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(new Set(ndjson(r.stdout).map((l) => l.lead_id)).size).toBe(LEADS);
    expect(await requestsTo('/lead-lists/{list_id}/leads')).toBe(Math.ceil(LEADS / LIST_LIMITS.leadsPage.max));
  });

  it('lists leads --all --page-size N pages at N, as its help says', async () => {
    await seedList('Big', 250);
    const r = await run('lists', 'leads', 'Big', '--all', '--page-size', '100', '--format', 'ndjson');
    expect(ndjson(r.stdout)).toHaveLength(250);
    expect(await requestsTo('/lead-lists/{list_id}/leads')).toBe(3);
  });

  it(`export json --all: ${LEADS} leads in pages of ${EXPORT_LIMITS.jsonPage.max}`, async () => {
    await seedList('Big', LEADS);
    const r = await run('export', 'json', 'Big', '--all', '--format', 'ndjson');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(LEADS);
    expect(await requestsTo('/export/json')).toBe(Math.ceil(LEADS / EXPORT_LIMITS.jsonPage.max));
  });

  it(`search people --all: pages of ${SEARCH_LIMITS.people.perResponse}, the most one response carries`, async () => {
    const r = await run('search', 'people', '--seniority', 'Manager', '--all', '--max-pages', '50', '--format', 'ndjson');
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout).length;
    expect(rows).toBeGreaterThan(2 * SEARCH_LIMITS.people.perResponse);
    expect(await requestsTo('/people/find')).toBe(Math.ceil(rows / SEARCH_LIMITS.people.perResponse));
  });

  it(`search companies --all: pages of ${SEARCH_LIMITS.companies.perResponse}, the most the service returns per page`, async () => {
    const r = await run('search', 'companies', '--headcount', '11-50,51-200', '--all', '--format', 'ndjson');
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout).length;
    // More rows than the 100 a people-find page holds: a company page has no such ceiling.
    expect(rows).toBeGreaterThan(SEARCH_LIMITS.people.perResponse);
    expect(await requestsTo('/search/companies')).toBe(Math.ceil(rows / SEARCH_LIMITS.companies.perResponse));
  });
});

describe('the SDK iterators page at the maximum unless told otherwise', () => {
  it('lists.leads and people.search', async () => {
    const id = await seedList('Big', LEADS);
    const api = apiOf(clientFor(t.sb));
    const sizes: number[] = [];
    for await (const page of api.lists.leads(id).pages()) sizes.push(page.leads.length);
    expect(sizes).toEqual([500, 500, 200]);
    const people: number[] = [];
    for await (const page of api.people.search({ filters: { seniority: ['Manager'] } }).pages()) {
      people.push(page.results.length);
      if (people.length === 2) break;
    }
    expect(people).toEqual([100, 100]);
  });
});
