import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openSandbox, raw, type RunningSandbox } from './helpers.js';

/**
 * The request bodies of the published documents are as strict as the sandbox: for bodies on
 * either side of each rule (required fields, one-of rules, ranges, enums, the checks handlers
 * answer 400 for), the document's schema accepts exactly what the sandbox accepts. Bodies go
 * to a list, cohort or seed that does not exist, so an accepted body ends in a 404 (or starts
 * harmless work) and nothing else changes between cases.
 */

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, unknown> };
interface Case {
  doc: 'v2' | 'v1';
  /** Method and path as the document writes them. */
  op: string;
  /** The path sent, under the document's server. */
  path?: string;
  /** The body, or a function of a live person cohort (a handler that resolves the cohort before checking the body). */
  body: unknown;
  accepted: boolean;
}

const NO_LIST = 'lst_missing';
/** Replaced by a list made for the test: CSV content is checked only once the list is found. */
const LIVE_LIST = 'LIVE_LIST';
const csv = (text: string) => Buffer.from(text).toString('base64');
const CSV = 'first_name,last_name,company_name\nAda,Lovelace,Engines\n';
const MAPPING = { first_name: 'first_name', last_name: 'last_name', company_name: 'company_name' };
const UUID = '0b7c3a52-2f7e-4c1e-9a57-3f0d6c2b9a10';
const group = (...filters: unknown[]) => ({ type: 'group_filter', op: 'and', filters });
/** n contacts no earlier case sent (v1 refuses a run whose contacts are all in Extension Leads already). */
const urls = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ linkedin_url: `https://www.linkedin.com/in/${tag}-${i}` }));

const CASES: Case[] = [
  // Exactly one of filters or criteria; the flat keys and their fixed values.
  { doc: 'v2', op: 'POST /people/find', body: { filters: { titles: ['CTO'] } }, accepted: true },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { company_headcount: ['501-1000', '1,001-5,000'] }, limit: 500 }, accepted: true },
  { doc: 'v2', op: 'POST /people/find', body: {}, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { titles: ['CTO'] }, criteria: { jobTitlesInclude: ['CTO'] } }, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { seniority: ['Boss'] } }, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { title: ['CTO'] } }, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { titles: 'CTO' } }, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: {} }, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { titles: [], seniority: ['Owner'] } }, accepted: true },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { titles: [] } }, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { titles: [' '] } }, accepted: false },
  { doc: 'v2', op: 'POST /people/find', body: { filters: { titles: ['CTO'] }, limit: 501 }, accepted: false },
  // At least one field to change.
  { doc: 'v2', op: 'PATCH /lead-lists/{list_id}', path: `/lead-lists/${NO_LIST}`, body: { description: null }, accepted: true },
  { doc: 'v2', op: 'PATCH /lead-lists/{list_id}', path: `/lead-lists/${NO_LIST}`, body: {}, accepted: false },
  { doc: 'v2', op: 'PATCH /lead-lists/{list_id}', path: `/lead-lists/${NO_LIST}`, body: { name: '' }, accepted: false },
  // Exactly one of task_id or lead_ids; entity_ids only with task_id.
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/leads',
    path: `/lead-lists/${NO_LIST}/leads`,
    body: { task_id: 'svc-task_x', entity_ids: ['a'] },
    accepted: true,
  },
  { doc: 'v2', op: 'POST /lead-lists/{list_id}/leads', path: `/lead-lists/${NO_LIST}/leads`, body: { lead_ids: ['a'] }, accepted: true },
  { doc: 'v2', op: 'POST /lead-lists/{list_id}/leads', path: `/lead-lists/${NO_LIST}/leads`, body: {}, accepted: false },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/leads',
    path: `/lead-lists/${NO_LIST}/leads`,
    body: { task_id: 'svc-task_x', lead_ids: ['a'] },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/leads',
    path: `/lead-lists/${NO_LIST}/leads`,
    body: { lead_ids: ['a'], entity_ids: ['b'] },
    accepted: false,
  },
  { doc: 'v2', op: 'POST /lead-lists/{list_id}/leads', path: `/lead-lists/${NO_LIST}/leads`, body: { lead_ids: [] }, accepted: false },
  {
    doc: 'v2',
    op: 'DELETE /lead-lists/{list_id}/leads',
    path: `/lead-lists/${NO_LIST}/leads`,
    body: { lead_ids: Array(101).fill('a') },
    accepted: false,
  },
  // enrichment_type unless dispatch_enrichment is false.
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/csv-import',
    path: `/lead-lists/${NO_LIST}/csv-import`,
    body: { csv_content_base64: csv(CSV), column_mapping: {}, dispatch_enrichment: false },
    accepted: true,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/csv-import',
    path: `/lead-lists/${NO_LIST}/csv-import`,
    body: { csv_content_base64: csv(CSV), column_mapping: {} },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/csv-import',
    path: `/lead-lists/${NO_LIST}/csv-import`,
    body: { csv_content_base64: csv(CSV), column_mapping: { mail: 'Email' }, dispatch_enrichment: false },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/csv-import',
    path: `/lead-lists/${LIVE_LIST}/csv-import`,
    body: { csv_content_base64: csv(CSV).replace(/(.{8})/g, '$1\n'), column_mapping: MAPPING, dispatch_enrichment: false },
    accepted: true,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/csv-import',
    path: `/lead-lists/${LIVE_LIST}/csv-import`,
    body: { csv_content_base64: 'not base64!', column_mapping: MAPPING, dispatch_enrichment: false },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/csv-import',
    path: `/lead-lists/${LIVE_LIST}/csv-import`,
    body: { csv_content_base64: '', column_mapping: MAPPING, dispatch_enrichment: false },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/find-people',
    path: `/lead-lists/${NO_LIST}/find-people`,
    body: { company_ids: ['c'], limit_per_company: 25 },
    accepted: true,
  },
  {
    doc: 'v2',
    op: 'POST /lead-lists/{list_id}/find-people',
    path: `/lead-lists/${NO_LIST}/find-people`,
    body: { company_ids: ['c'], limit_per_company: 26 },
    accepted: false,
  },
  // At least one of company_filter or company_linkedin_urls; person filter columns and the filter types each takes.
  {
    doc: 'v2',
    op: 'POST /people/find-at-companies',
    body: {
      company_linkedin_urls: ['https://www.linkedin.com/company/none'],
      person_filter: group({ column: 'years_in_role', filter_type: 'gte', value: 2 }),
    },
    accepted: true,
  },
  {
    doc: 'v2',
    op: 'POST /people/find-at-companies',
    body: { company_linkedin_urls: [], person_filter: group({ column: 'title', filter_type: 'contains', value: 'cto' }) },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /people/find-at-companies',
    body: {
      company_linkedin_urls: ['https://www.linkedin.com/company/none'],
      person_filter: group({ column: 'salary', filter_type: 'gte', value: 1 }),
    },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /people/find-at-companies',
    body: {
      company_linkedin_urls: ['https://www.linkedin.com/company/none'],
      person_filter: group({ column: 'title', filter_type: 'gte', value: 1 }),
    },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /people/find-at-companies',
    body: {
      company_linkedin_urls: ['https://www.linkedin.com/company/none'],
      person_filter: group({ column: 'years_in_role', filter_type: 'contains', value: '2' }),
    },
    accepted: false,
  },
  // A strong identifier, or a name with a company.
  {
    doc: 'v2',
    op: 'POST /enrichment/person',
    body: { lead_list_id: NO_LIST, first_name: 'Ada', last_name: 'Lovelace', domain: 'example.com' },
    accepted: true,
  },
  {
    doc: 'v2',
    op: 'POST /enrichment/person',
    body: { lead_list_id: NO_LIST, linkedin_url: 'https://www.linkedin.com/in/ada' },
    accepted: true,
  },
  { doc: 'v2', op: 'POST /enrichment/person', body: { lead_list_id: NO_LIST, first_name: 'Ada', last_name: 'Lovelace' }, accepted: false },
  { doc: 'v2', op: 'POST /enrichment/person', body: { lead_list_id: NO_LIST, email: '  ' }, accepted: false },
  {
    doc: 'v2',
    op: 'POST /enrichment/person',
    body: { lead_list_id: NO_LIST, email: 'a@example.com', enrichment_type: 'phone-only' },
    accepted: false,
  },
  { doc: 'v2', op: 'POST /enrichment/company', body: {}, accepted: false },
  { doc: 'v2', op: 'POST /enrichment/company', body: { domain: ' ', company_name: '' }, accepted: false },
  { doc: 'v2', op: 'POST /enrichment/by-task', body: (task_id: string) => ({ task_id, data_points: ['Email'] }), accepted: true },
  { doc: 'v2', op: 'POST /enrichment/by-task', body: (task_id: string) => ({ task_id, data_points: ['Emails'] }), accepted: false },
  { doc: 'v2', op: 'POST /enrichment/by-task', body: (task_id: string) => ({ task_id, data_points: ['LinkedIn'] }), accepted: false },
  { doc: 'v2', op: 'POST /enrichment/by-task', body: { task_id: 'svc-task_x', data_points: [] }, accepted: false },
  { doc: 'v2', op: 'POST /enrichment/bulk', body: { list_id: NO_LIST, scope: 'phone-only', lead_ids: ['a'] }, accepted: true },
  { doc: 'v2', op: 'POST /enrichment/bulk', body: { list_id: NO_LIST, scope: 'phone_only' }, accepted: false },
  { doc: 'v2', op: 'POST /enrichment/bulk', body: { list_id: NO_LIST, lead_ids: Array(501).fill('a') }, accepted: false },
  // A prompt for custom_ai (the default), a column except for cold_intro_email, max_rows 1 to 10,000.
  {
    doc: 'v2',
    op: 'POST /smart-agents/run',
    body: { list_id: NO_LIST, column_name: 'angle', prompt: 'One line on the lead' },
    accepted: true,
  },
  { doc: 'v2', op: 'POST /smart-agents/run', body: { list_id: NO_LIST, agent_type: 'cold_intro_email' }, accepted: true },
  {
    doc: 'v2',
    op: 'POST /smart-agents/run',
    body: { list_id: NO_LIST, agent_type: 'title_normalizer', column_name: 'title_clean', max_rows: 10_000 },
    accepted: true,
  },
  { doc: 'v2', op: 'POST /smart-agents/run', body: { list_id: NO_LIST, column_name: 'angle' }, accepted: false },
  { doc: 'v2', op: 'POST /smart-agents/run', body: { list_id: NO_LIST, column_name: 'angle', prompt: '  ' }, accepted: false },
  { doc: 'v2', op: 'POST /smart-agents/run', body: { list_id: NO_LIST, agent_type: 'title_normalizer' }, accepted: false },
  {
    doc: 'v2',
    op: 'POST /smart-agents/run',
    body: { list_id: NO_LIST, agent_type: 'company_intel', column_name: 'c'.repeat(101) },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /smart-agents/run',
    body: { list_id: NO_LIST, agent_type: 'company_intel', column_name: 'intel', max_rows: 0 },
    accepted: false,
  },
  {
    doc: 'v2',
    op: 'POST /smart-agents/run',
    body: { list_id: NO_LIST, agent_type: 'company_intel', column_name: 'intel', max_rows: 10_001 },
    accepted: false,
  },
  { doc: 'v2', op: 'POST /smart-agents/run', body: { list_id: NO_LIST, agent_type: 'writer', column_name: 'intel' }, accepted: false },
  { doc: 'v2', op: 'POST /export/csv/signed-url', body: { list_id: NO_LIST, columns: ['email', 'title'] }, accepted: true },
  { doc: 'v2', op: 'POST /export/csv/signed-url', body: { list_id: NO_LIST, columns: ['email', 'email'] }, accepted: false },
  // v1: 1 to 250 identified contacts; a parent folder named by UUID.
  {
    doc: 'v1',
    op: 'POST /enrich/bulk',
    body: { contacts: [{ first_name: 'Ada', last_name: 'Lovelace', company_name: 'Engines' }], enrichment_type: 'full' },
    accepted: true,
  },
  { doc: 'v1', op: 'POST /enrich/bulk', body: { contacts: urls(250, 'many') }, accepted: true },
  { doc: 'v1', op: 'POST /enrich/bulk', body: { contacts: [] }, accepted: false },
  { doc: 'v1', op: 'POST /enrich/bulk', body: { contacts: urls(251, 'too-many') }, accepted: false },
  {
    doc: 'v1',
    op: 'POST /enrich/bulk',
    body: { contacts: [{ first_name: 'Ada', last_name: 'Lovelace', company_name: ' ' }] },
    accepted: false,
  },
  { doc: 'v1', op: 'POST /enrich/bulk', body: { contacts: [{ linkedin_url: null }] }, accepted: false },
  { doc: 'v1', op: 'POST /enrich/bulk', body: { contacts: urls(1, 'hook'), webhook_url: 'HTTPS://hooks.example.com/run' }, accepted: true },
  { doc: 'v1', op: 'POST /enrich/bulk', body: { contacts: urls(1, 'ftp'), webhook_url: 'ftp://hooks.example.com/run' }, accepted: false },
  { doc: 'v1', op: 'POST /enrich/bulk', body: { contacts: urls(1, 'bad-url'), webhook_url: 'not a url' }, accepted: false },
  { doc: 'v1', op: 'POST /folders', body: { name: 'Accounts', parent_id: UUID }, accepted: true },
  { doc: 'v1', op: 'POST /folders', body: { name: 'Accounts', parent_id: 'not-a-uuid' }, accepted: false },
];

/** What the sandbox says about a body: refused as invalid (422, or a handler's 400 validation answer) or taken. */
function refusedAsInvalid(status: number, code: unknown): boolean {
  return status === 422 || (status === 400 && ['validation_error', 'BAD_REQUEST'].includes(String(code)));
}

const SERVERS = { v2: '/api/v2', v1: '/api/v1/public' } as const;
const DOCUMENTS = { v2: '/openapi-public-v2.json', v1: '/openapi-public.json' } as const;

let sb: RunningSandbox;
let cohort: string;
let listId: string;
const docs = {} as Record<'v2' | 'v1', Doc>;

beforeAll(async () => {
  sb = await openSandbox({ rateLimits: false });
  for (const name of ['v2', 'v1'] as const) docs[name] = (await raw(sb, 'GET', DOCUMENTS[name])).json;
  listId = (await raw(sb, 'POST', '/api/v2/lead-lists', { token: sb.demoKey, body: { name: 'OpenAPI body cases' } })).json.list_id;
  cohort = (await raw(sb, 'POST', '/api/v2/people/find', { token: sb.demoKey, body: { filters: { seniority: ['Director'] }, limit: 5 } }))
    .json.task_id;
});
afterAll(() => sb?.close());

function bodyCheck(doc: Doc, op: string) {
  const [method, path] = op.split(' ') as [string, string];
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const schema = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json'].schema;
  expect(schema, op).toBeDefined();
  return ajv.compile({ ...schema, components: doc.components });
}

describe('request body schemas of the documents', () => {
  it.each(CASES.map((c) => [c.op, JSON.stringify(typeof c.body === 'function' ? c.body('<cohort>') : c.body).slice(0, 120), c] as const))(
    '%s %s',
    async (op, _shown, c) => {
      const [method, docPath] = op.split(' ') as [string, string];
      const body = typeof c.body === 'function' ? c.body(cohort) : c.body;
      const r = await raw(sb, method, `${SERVERS[c.doc]}${(c.path ?? docPath).replace(LIVE_LIST, listId)}`, { token: sb.demoKey, body });
      const check = bodyCheck(docs[c.doc], op);
      expect(!refusedAsInvalid(r.status, r.json?.error?.code), `sandbox answered ${r.status} ${r.text.slice(0, 300)}`).toBe(c.accepted);
      expect(check(body), JSON.stringify(check.errors)).toBe(c.accepted);
    },
  );
});
