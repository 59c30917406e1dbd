import { afterAll, beforeAll, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { control, openSandbox, raw, type RunningSandbox } from './helpers.js';

/**
 * The sandbox's answers fit the response schemas of the published documents, formats
 * (date-time, uuid, uri), documented constants and ranges included: one walk through every
 * operation of both documents, jobs and their polls included, each answer checked against the
 * schema of its status.
 */

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, unknown> };
const SERVERS = { v2: '/api/v2', v1: '/api/v1/public' } as const;
const DOCUMENTS = { v2: '/openapi-public-v2.json', v1: '/openapi-public.json' } as const;

let sb: RunningSandbox;
const docs = {} as Record<'v2' | 'v1', Doc>;
const checked: string[] = [];

beforeAll(async () => {
  sb = await openSandbox({ rateLimits: false });
  for (const name of ['v2', 'v1'] as const) docs[name] = (await raw(sb, 'GET', DOCUMENTS[name])).json;
});
afterAll(() => sb?.close());

function answerCheck(doc: Doc, method: string, path: string, status: number) {
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const schema = doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} documents no ${status} answer`).toBeDefined();
  return ajv.compile({ ...schema, components: doc.components });
}

/** Calls an operation (documented path, actual path) and checks the answer against the document; returns its JSON. */
async function call(docName: 'v2' | 'v1', method: string, docPath: string, o: { path?: string; body?: unknown; query?: string } = {}) {
  const r = await raw(sb, method, `${SERVERS[docName]}${o.path ?? docPath}${o.query ? `?${o.query}` : ''}`, {
    token: sb.demoKey,
    body: o.body,
  });
  expect(r.status, r.text.slice(0, 300)).toBeLessThan(300);
  const check = answerCheck(docs[docName], method, docPath, r.status);
  expect(check(r.json), `${method} ${docPath}: ${JSON.stringify(check.errors)}`).toBe(true);
  checked.push(`${method} ${docPath}`);
  return r.json;
}

/** A quote for a run (POST /credits/estimate is live but not in the published documents). */
async function quote(body: Record<string, unknown>): Promise<string> {
  const r = await raw(sb, 'POST', '/api/v2/credits/estimate', { token: sb.demoKey, body });
  expect(r.status, r.text).toBe(200);
  return r.json.quote_id;
}

/** The id of the company with this domain (search rows name their employer's domain, not its id). */
async function companyId(domain: string): Promise<string> {
  const r = await raw(sb, 'POST', '/api/v2/search/companies', { token: sb.demoKey, body: { filters: { domains: [domain] } } });
  return r.json.results[0].company_id;
}

it('every operation of both documents answers in its documented shape, its jobs and polls included', async () => {
  await call('v2', 'GET', '/whoami');
  await call('v2', 'GET', '/credits/balance');
  await call('v2', 'GET', '/usage', { query: 'days=3&group_by=day' });
  await call('v2', 'GET', '/api-keys');
  await call('v2', 'GET', '/people/find/filters', { query: 'field=titles&query=eng' });
  const found = await call('v2', 'POST', '/people/find', { body: { filters: { seniority: ['Director'] }, limit: 3 } });
  await call('v2', 'POST', '/people/find', {
    body: { criteria: { jobTitlesInclude: ['Engineer'], jobTitleMatchType: 'contains' }, limit: 2 },
  });
  await call('v2', 'POST', '/people/find/compile', { body: { criteria: { seniorityInclude: ['Director'], yearsInRoleMin: 2 } } });
  const job = await call('v2', 'POST', '/people/find-at-companies', {
    body: {
      company_filter: { op: 'and', conditions: [{ column: 'industry', type: 'contains', value: 'software' }] },
      person_filter: { type: 'group_filter', op: 'and', filters: [] },
      limit: 5,
    },
  });

  const list = await call('v2', 'POST', '/lead-lists', { body: { name: 'Documented answers' } });
  const at = (suffix = '') => `/lead-lists/${list.list_id}${suffix}`;
  await call('v2', 'POST', '/lead-lists', { body: { name: 'documented ANSWERS' } });
  await call('v2', 'GET', '/lead-lists', { query: 'limit=2' });
  await call('v2', 'GET', '/lead-lists/{list_id}', { path: at() });
  await call('v2', 'PATCH', '/lead-lists/{list_id}', { path: at(), body: { description: 'checked against the document' } });
  await call('v2', 'POST', '/lead-lists/{list_id}/leads', { path: at('/leads'), body: { task_id: found.task_id } });
  const page = await call('v2', 'GET', '/lead-lists/{list_id}/leads', { path: at('/leads'), query: 'limit=2' });
  const csv = Buffer.from('first_name,last_name,company_name\nAda,Lovelace,Engines\n').toString('base64');
  await call('v2', 'POST', '/lead-lists/{list_id}/csv-import', {
    path: at('/csv-import'),
    body: {
      csv_content_base64: csv,
      column_mapping: { first_name: 'first_name', last_name: 'last_name', company_name: 'company_name' },
      dispatch_enrichment: false,
    },
  });
  const employer = await companyId(found.results[0].domain);
  const findPeople = await call('v2', 'POST', '/lead-lists/{list_id}/find-people', {
    path: at('/find-people'),
    body: { company_ids: [employer], limit_per_company: 1 },
  });
  await call('v2', 'POST', '/export/csv/signed-url', { body: { list_id: list.list_id, columns: ['email', 'title'] } });
  await call('v2', 'GET', '/export/json', { query: `list_id=${list.list_id}&limit=2&columns=email&columns=title` });

  const bulk = await call('v2', 'POST', '/enrichment/bulk', {
    body: { list_id: list.list_id, quote_id: await quote({ tool: 'enrich_list', list_id: list.list_id, scope: 'partial' }) },
  });
  const person = await call('v2', 'POST', '/enrichment/person', {
    body: { lead_list_id: list.list_id, linkedin_url: found.results[0].linkedin_url },
  });
  await call('v2', 'POST', '/enrichment/company', { body: { domain: found.results[0].domain } });
  const companies = await raw(sb, 'POST', '/api/v2/search/companies', {
    token: sb.demoKey,
    body: { filters: { industries: ['Software'] }, limit: 2 },
  });
  const cohort = { task_id: companies.json.task_id, data_points: ['Industry'] };
  await call('v2', 'POST', '/enrichment/by-task', {
    body: { ...cohort, quote_id: await quote({ tool: 'add_company_enrichments', ...cohort }) },
  });
  const agent = { list_id: list.list_id, agent_type: 'title_normalizer', column_name: 'title_clean' };
  const run = await call('v2', 'POST', '/smart-agents/run', {
    body: { ...agent, quote_id: await quote({ tool: 'run_smart_agent', ...agent }) },
  });

  const polls = {
    findAtCompanies: () =>
      call('v2', 'GET', '/people/find-at-companies/status/{task_id}', { path: `/people/find-at-companies/status/${job.task_id}` }),
    findPeople: () =>
      call('v2', 'GET', '/lead-lists/{list_id}/find-people/status/{workflow_id}', {
        path: at(`/find-people/status/${findPeople.workflow_id}`),
      }),
    bulk: () => call('v2', 'GET', '/enrichment/status/{workflow_id}', { path: `/enrichment/status/${bulk.workflow_id}` }),
    person: () => call('v2', 'GET', '/enrichment/status/{workflow_id}', { path: `/enrichment/status/${person.workflow_id}` }),
    agent: () => call('v2', 'GET', '/smart-agents/{smart_agent_task_id}', { path: `/smart-agents/${run.smart_agent_task_id}` }),
  };
  for (const poll of Object.values(polls)) await poll();
  // Every job started above ends within ten minutes of the sandbox clock (handles last an hour).
  await control(sb, 'POST', '/clock', { advance_ms: 600_000 });
  expect((await polls.findAtCompanies()).status).toBe('completed');
  expect((await polls.findPeople()).status).toBe('completed');
  expect((await polls.bulk()).status).toMatch(/^completed/);
  expect((await polls.person()).status).toMatch(/^(completed|failed)$/);
  expect((await polls.agent()).status).toBe('completed');
  await call('v2', 'GET', '/smart-agents', { query: `list_id=${list.list_id}` });
  await call('v2', 'DELETE', '/lead-lists/{list_id}/leads', { path: at('/leads'), body: { lead_ids: [page.leads[0].lead_id] } });
  await call('v2', 'DELETE', '/lead-lists/{list_id}', { path: at() });

  const folder = await call('v1', 'POST', '/folders', { body: { name: 'Documented folder' } });
  await call('v1', 'POST', '/folders', { body: { name: 'Documented child', parent_id: folder.folder_id } });
  await call('v1', 'GET', '/auth/validate-key');
  const legacy = await call('v1', 'POST', '/enrich/bulk', {
    body: { contacts: [{ linkedin_url: 'https://www.linkedin.com/in/documented-answers' }] },
  });
  await call('v1', 'GET', '/enrich/status', { query: `workflow_id=${legacy.workflow_id}` });
  await call('v1', 'GET', '/enrich/status', { query: `task_id=${legacy.task_ids[0]}` });
  await call('v1', 'GET', '/webhooks/deliveries', { query: `workflow_id=${legacy.workflow_id}` });

  for (const name of ['v2', 'v1'] as const) {
    const operations = Object.entries(docs[name].paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(
      operations.filter((op) => !checked.includes(op)),
      name,
    ).toEqual([]);
  }
});
