import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/api/endpoints/index.js';
import { API } from '../../src/api/endpoints/index.js';
import { MOUNTS, pathOf, type Endpoint } from '../../src/api/endpoints/endpoint.js';
import { SAMPLE } from '../../src/api/endpoints/samples.js';
import { schemaOf } from '../../src/api/endpoints/schemas.js';
import { byTaskTool, estimateBodyFor, type PaidRun } from '../../src/api/quote-shape.js';
import { openApiDocument, pathParamNames, publishedIn } from '../../src/sandbox/openapi/document.js';
import { openSandbox, raw, type RunningSandbox } from './helpers.js';

/**
 * The catalog's path parameters and examples: every `:name` of every entry is described, every
 * published operation with a body has a body example, each example parses with the entry's
 * schemas, and the sandbox takes each body example (its sample ids swapped for live ones, a
 * paid one with a quote from POST /credits/estimate, as the SDK and CLI get it).
 */

const published = [...publishedIn('v2'), ...publishedIn('v1')];
const withBody = published.filter((e) => e.body !== undefined);
const withResponseExample = CATALOG.filter((e) => e.example?.response !== undefined);

describe('path parameters', () => {
  it.each(CATALOG.filter((e) => e.path.includes(':')).map((e) => [e.id, e] as const))(
    '%s describes each of its path parameters',
    (_id, e) => {
      expect(Object.keys(e.params ?? {}).sort()).toEqual(pathParamNames(e).sort());
      for (const p of Object.values(e.params ?? {})) expect((typeof p === 'string' ? p : p.description).trim()).not.toBe('');
    },
  );

  it('reach both documents described, every query parameter too', () => {
    for (const name of ['v2', 'v1'] as const) {
      const doc = openApiDocument(name, 'http://127.0.0.1:1');
      const parameters = Object.values(doc.paths).flatMap((item) =>
        Object.values(item).flatMap((op) => (op.parameters ?? []) as { name: string; description?: string }[]),
      );
      expect(
        parameters.filter((p) => !p.description?.trim()).map((p) => p.name),
        name,
      ).toEqual([]);
    }
  });
});

describe('examples', () => {
  it('every published operation with a body has a body example, and the documents show it', () => {
    expect(withBody.filter((e) => e.example?.body === undefined).map((e) => e.id)).toEqual([]);
    for (const name of ['v2', 'v1'] as const) {
      const doc = openApiDocument(name, 'http://127.0.0.1:1');
      for (const item of Object.values(doc.paths))
        for (const op of Object.values(item) as { requestBody?: { content: Record<string, { example?: unknown }> } }[])
          if (op.requestBody) expect(op.requestBody.content['application/json']?.example).toBeDefined();
    }
  });

  it.each(withBody.map((e) => [e.id, e] as const))('%s: the body example parses with its schema', (_id, e) => {
    const r = schemaOf(e.body!).safeParse(e.example!.body);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  });

  it.each(withResponseExample.map((e) => [e.id, e] as const))('%s: the response example parses with its schema', (_id, e) => {
    const r = schemaOf(e.response!).safeParse(e.example!.response);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  });
});

describe('the sandbox takes every body example', () => {
  let sb: RunningSandbox;
  /** Sample value -> the live value sent in its place. */
  const live = new Map<string, string>();
  const v2 = (method: string, path: string, body?: unknown) => raw(sb, method, `/api/v2${path}`, { token: sb.demoKey, body });

  beforeAll(async () => {
    sb = await openSandbox({ rateLimits: false });
    const found = (await v2('POST', '/people/find', { filters: { seniority: ['Vice President'] }, limit: 2 })).json;
    const list = (await v2('POST', '/lead-lists', { name: 'Examples: live list' })).json;
    await v2('POST', `/lead-lists/${list.list_id}/leads`, { task_id: found.task_id });
    const leads = (await v2('GET', `/lead-lists/${list.list_id}/leads`)).json.leads;
    const company = (await v2('POST', '/search/companies', { filters: { domains: [found.results[0].domain] } })).json.results[0];
    const folder = (await raw(sb, 'POST', '/api/v1/public/folders', { token: sb.demoKey, body: { name: 'Examples: live folder' } })).json;
    live.set(SAMPLE.listId, list.list_id);
    SAMPLE.leadIds.forEach((id, i) => live.set(id, leads[i].lead_id));
    live.set(SAMPLE.cohort, found.task_id);
    live.set(SAMPLE.companyId, company.company_id);
    live.set(SAMPLE.domain, company.domain);
    live.set(SAMPLE.linkedinUrl, found.results[0].linkedin_url);
    live.set(SAMPLE.folderId, folder.folder_id);
    // Nothing listens there: a delivery attempt fails at once, and none is due before the runs end.
    live.set(SAMPLE.webhookUrl, 'http://127.0.0.1:9/hook');
  });
  afterAll(() => sb?.close());

  const swap = (v: unknown): unknown =>
    typeof v === 'string'
      ? (live.get(v) ?? v)
      : Array.isArray(v)
        ? v.map(swap)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]))
          : v;

  /** The run a paid body is, for its estimate. */
  function paidRun(e: Endpoint, body: Record<string, any>): PaidRun {
    if (e === API.enrichment.byTask) return { tool: byTaskTool(body.data_points), body } as PaidRun;
    if (e === API.lists.importCsv)
      return { tool: 'bulk_import_csv', body: { enrichment_type: body.enrichment_type }, rows: csvRows(body.csv_content_base64) };
    return { tool: e.paid!.tools[0], body } as PaidRun;
  }
  const csvRows = (b64: string) => Buffer.from(b64, 'base64').toString('utf8').trim().split('\n').length - 1;

  // Removing leads last: the operations before it need the leads in the list.
  const order = [...withBody.filter((e) => e !== API.lists.removeLeads), API.lists.removeLeads];

  it.each(order.map((e) => [e.id, e] as const))('%s', async (_id, e) => {
    const body = swap(e.example!.body) as Record<string, any>;
    if (e.paid?.tools.length && body.quote_id !== undefined) {
      const q = await v2('POST', '/credits/estimate', estimateBodyFor(paidRun(e, body)));
      expect(q.status, q.text).toBe(200);
      body.quote_id = q.json.quote_id;
    }
    const path = pathOf(e, { list_id: live.get(SAMPLE.listId)! });
    const r = await raw(sb, e.method, `${MOUNTS[e.kind][0]}${path}`, { token: sb.demoKey, body });
    expect(r.status, r.text.slice(0, 400)).toBeLessThan(300);
    const answer = schemaOf(e.response!).safeParse(r.json);
    expect(answer.success, JSON.stringify(answer.error?.issues)).toBe(true);
  });
});
