import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, Prospect } from '../../src/index.js';
import { APIResource } from '../../src/api/resource.js';
import { FAST_POLL, seededList, useSdkSandbox } from './helpers.js';

const t = useSdkSandbox();
afterEach(() => vi.unstubAllEnvs());

/** What constructing or calling throws. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return expect.fail('nothing was thrown');
}

describe('new Prospect()', () => {
  it('takes the base URL and key from PROSPECT_BASE_URL and PROSPECT_API_KEY', async () => {
    vi.stubEnv('PROSPECT_BASE_URL', t.sb.url);
    vi.stubEnv('PROSPECT_API_KEY', t.sb.demoKey);
    const client = new Prospect();
    try {
      expect((await client.whoami()).organization_name).toBe('Acme Demo');
    } finally {
      client.close();
    }
  });

  it('without a base URL or a key: a ConfigurationError saying what to set, before anything is sent', () => {
    vi.stubEnv('PROSPECT_BASE_URL', '');
    vi.stubEnv('PROSPECT_API_KEY', '');
    vi.stubEnv('PROSPECT_JWT', '');
    const noUrl = thrown(() => new Prospect({ apiKey: 'svcapi_x' }));
    expect(noUrl).toBeInstanceOf(ConfigurationError);
    expect(noUrl).toMatchObject({ message: 'no base URL for the service', fix: expect.stringContaining('PROSPECT_BASE_URL') });
    const noKey = thrown(() => new Prospect({ baseUrl: t.sb.url }));
    expect(noKey).toMatchObject({ name: 'ConfigurationError', message: 'no API key', fix: expect.stringContaining('PROSPECT_API_KEY') });
  });

  it('refuses plain http to a remote host and credentials in the URL', () => {
    expect(thrown(() => new Prospect({ baseUrl: 'http://api.example.com', apiKey: 'svcapi_x' }))).toMatchObject({
      message: 'refusing plain http to api.example.com: credentials would travel unencrypted',
    });
    expect(thrown(() => new Prospect({ baseUrl: 'https://u:p@api.example.com', apiKey: 'svcapi_x' }))).toBeInstanceOf(ConfigurationError);
  });

  it('client.keys uses the session JWT; without one it says so, and an API key given as the JWT is refused', async () => {
    vi.stubEnv('PROSPECT_JWT', '');
    const withJwt = t.clientWith({ jwt: t.sb.mintJwt() });
    const created = await withJwt.keys.create({ name: 'ci' });
    expect(created.api_key).toMatch(/^svcapi_/);
    expect((await withJwt.keys.list()).map((k) => k.name)).toContain('ci');
    expect(await withJwt.keys.revoke(created.id)).toMatchObject({ id: created.id, is_active: false });

    await expect(t.client.keys.list()).rejects.toBeInstanceOf(ConfigurationError);
    await expect(t.client.keys.list()).rejects.toThrow('key management (client.keys) needs a session JWT');
    await expect(t.clientWith({ jwt: t.sb.demoKey }).keys.list()).rejects.toThrow(
      'key management takes a session JWT, and an API key was given as jwt',
    );
  });

  it('a client of a JWT alone manages keys; its key calls say an API key is needed', async () => {
    vi.stubEnv('PROSPECT_API_KEY', '');
    const jwtOnly = new Prospect({ baseUrl: t.sb.url, jwt: t.sb.mintJwt() });
    try {
      expect(Array.isArray(await jwtOnly.keys.list())).toBe(true);
      await expect(jwtOnly.credits.balance()).rejects.toThrow('this call needs an API key, and only a JWT was given');
    } finally {
      jwtOnly.close();
    }
  });
});

describe("the client's areas", () => {
  it('spend only through their methods that decide first: no area carries a request sent as given (send*)', () => {
    const client = new Prospect({ baseUrl: t.sb.url, apiKey: t.sb.demoKey });
    const methodsOf = (o: object): string[] => {
      const names: string[] = [];
      // The areas' own methods, above the base every area shares (its protected helpers take catalog entries no caller gets).
      for (
        let p = Object.getPrototypeOf(o) as object | null;
        p && p !== APIResource.prototype;
        p = Object.getPrototypeOf(p) as object | null
      )
        names.push(...Object.getOwnPropertyNames(p));
      return names;
    };
    const areas = Object.entries(client).filter(([, v]) => typeof v === 'object' && v !== null);
    expect(areas.map(([k]) => k).sort()).toEqual([
      'agents',
      'companies',
      'credits',
      'enrichment',
      'exports',
      'keys',
      'legacy',
      'lists',
      'people',
      'sync',
      'usage',
    ]);
    const raw = areas.flatMap(([k, v]) =>
      methodsOf(v as object)
        .filter((m) => /^send[A-Z]/.test(m))
        .map((m) => `${k}.${m}`),
    );
    expect(raw).toEqual([]);
    expect(typeof client.enrichment.bulk).toBe('function');
  });
});

describe('the free areas reach their routes', () => {
  it('lists: create (reused on a repeat), update, add a search cohort, remove, delete', async () => {
    const list = await t.client.lists.create({ name: 'Q3 CTOs' });
    expect((await t.client.lists.create({ name: 'q3 ctos' })).list_id).toBe(list.list_id);
    expect((await t.client.lists.update(list.list_id, { description: 'From the SDK' })).description).toBe('From the SDK');
    const page = await t.client.people.search({ filters: { titles: ['CTO'] }, limit: 5 });
    const added = await t.client.lists.addLeads(list.list_id, { task_id: page.task_id! });
    expect(added.added).toBe(page.results.length);
    const leads = await t.client.lists.leads(list.list_id).toArray({ limit: 100 });
    expect((await t.client.lists.removeLeads(list.list_id, [leads[0]!.lead_id])).removed).toBe(1);
    expect((await t.client.lists.get(list.list_id)).lead_count).toBe(leads.length - 1);
    expect((await t.client.lists.delete(list.list_id)).deleted).toBe(true);
  });

  it('search helpers, credits, usage, sync helpers, agents list, exports link, legacy status', async () => {
    expect((await t.client.people.filterValues('seniority', 'dir')).values[0]!.value).toBe('Director');
    expect((await t.client.companies.filterValues('employee_count_ranges', '51')).values.length).toBeGreaterThan(0);
    const compiled = await t.client.people.compile({ criteria: { jobTitlesInclude: ['CTO'], jobTitleMatchType: 'contains' } });
    expect(compiled.route).toBe('person_first');
    const seed = (await t.client.companies.search({ filters: { employee_count_ranges: ['51-200'] }, limit: 1 })).results[0]!;
    expect((await t.client.companies.similar({ company_id: seed.company_id, limit: 3 })).results.length).toBeGreaterThan(0);
    expect((await t.client.credits.balance()).credits).toBe(5000);
    expect((await t.client.usage.get({ days: 1, group_by: 'tool' })).group_by).toBe('tool');
    expect((await t.client.sync.connections()).connections).toEqual(expect.any(Array));
    expect((await t.client.agents.list()).runs).toEqual([]);
    const list = await seededList(t, 'Linked', 2);
    const link = await t.client.exports.csvLink({ list_id: list });
    expect(link.row_count).toBe(2);
    const legacy = await t.client.legacy.bulkEnrich({ contacts: [{ linkedin_url: 'https://linkedin.com/in/x' }] }, { maxCredits: 5 });
    const done = await t.client.legacy.waitForWorkflow(legacy.workflow_id, FAST_POLL);
    expect(done.workflow.status).toMatch(/^completed|failed/);
  });

  it('find-people and find-at-companies jobs start and are waited for', async () => {
    const companies = await t.client.companies.search({ filters: { employee_count_ranges: ['51-200'] }, limit: 2 });
    const seed = companies.results;
    const list = await t.client.lists.create({ name: 'Accounts' });
    await t.client.lists.addLeads(list.list_id, { task_id: companies.task_id! });
    const job = await t.client.lists.findPeople(list.list_id, { company_ids: seed.map((c) => c.company_id), limit_per_company: 1 });
    const found = await t.client.lists.waitForFindPeople(list.list_id, job.workflow_id, FAST_POLL);
    expect(found.status).toBe('completed');
    const atCompanies = await t.client.people.findAtCompanies({
      company_filter: { op: 'and', conditions: [{ column: 'company_id', type: 'in', value: seed.map((c) => c.company_id) }] },
      person_filter: {
        type: 'group_filter',
        op: 'and',
        filters: [{ column: 'seniority', filter_type: 'in', value: ['Director', 'Manager'] }],
      },
    });
    const status = await t.client.people.waitForFindAtCompanies(atCompanies.task_id, FAST_POLL);
    expect(status.status).toBe('completed');
    expect(status.results!.every((p) => ['Director', 'Manager'].includes(p.seniority!))).toBe(true);
  });
});
