import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiOf } from '../../src/api/api.js';
import { API, CATALOG } from '../../src/api/endpoints/index.js';
import type { Endpoint, SchemaSlot } from '../../src/api/endpoints/endpoint.js';
import { schemaOf } from '../../src/api/endpoints/schemas.js';
import { estimateBodyFor, type PaidRun } from '../../src/api/quote-shape.js';
import { controlEndpoints } from '../../src/sandbox/control-endpoints.js';
import * as routeModules from '../../src/sandbox/routes/all.js';
import { Router, type RouteDef } from '../../src/sandbox/router.js';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';
import { clientFor, openSandbox, raw, type RunningSandbox } from '../sandbox/helpers.js';
import { SRC } from '../helpers/src-imports.js';

/**
 * Each operation is described once, in the catalog (src/api/endpoints/, and the sandbox's
 * control entries): the sandbox serves no route, the SDK sends no request and the documents
 * publish no operation that is not an entry.
 */

const controls = controlEndpoints();
const routes = Object.values<RouteDef[]>(routeModules).flat();
const key = (e: Pick<Endpoint, 'method' | 'path' | 'kind'>) => `${e.method} ${e.kind} ${e.path.replace(/:(\w+)/g, '{$1}')}`;

describe('the endpoint catalog', () => {
  it('names each entry once, after its area and key', () => {
    const ids = [...CATALOG, ...controls].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [area, entries] of Object.entries(API))
      for (const [name, e] of Object.entries(entries)) expect(e.id, `API.${area}.${name}`).toBe(`${area}.${name}`);
    const operations = [...CATALOG, ...controls].map(key);
    expect(new Set(operations).size).toBe(operations.length);
  });

  it('serves every route of the sandbox from an entry, and every entry from one route', () => {
    // Read as plain objects: a route without an entry would not type-check, but a cast could still bring one.
    const described = routes.filter((r) => 'endpoint' in r);
    const inPlace = (routes as unknown as Record<string, unknown>[])
      .filter((r) => !('endpoint' in r))
      .map((r) => `${String(r.method)} ${String(r.kind)} ${String(r.path)}`);
    expect(inPlace, 'routes described outside the catalog').toEqual([]);
    const known = new Set<Endpoint>([...CATALOG, ...controls]);
    expect(described.filter((r) => !known.has(r.endpoint)).map((r) => r.endpoint.id)).toEqual([]);
    const served = described.map((r) => r.endpoint);
    for (const e of known) expect(served.filter((s) => s === e).length, `${e.id} served`).toBe(1);
  });

  it('names only schemas that src/api/schemas exports', () => {
    const slots = (e: Endpoint): SchemaSlot[] => [e.body, e.response, ...(e.oneOf ?? [])].filter((s): s is SchemaSlot => s !== undefined);
    for (const e of CATALOG) for (const slot of slots(e)) expect(() => schemaOf(slot), e.id).not.toThrow();
  });

  it('validates each request body with the schema its entry names (entryBody), never with one named apart', () => {
    const bodyNames = new Set(CATALOG.flatMap((e) => (e.body && 'schema' in e.body ? [e.body.schema] : [])));
    const routeFiles = readdirSync(path.join(SRC, 'sandbox', 'routes')).filter((f) => f.endsWith('.ts'));
    const apart = routeFiles.flatMap((f) =>
      [...readFileSync(path.join(SRC, 'sandbox', 'routes', f), 'utf8').matchAll(/parseBody\((\w+)/g)]
        .filter((m) => bodyNames.has(m[1]!))
        .map((m) => `${f}: ${m[1]}`),
    );
    expect(apart).toEqual([]);
  });

  it('publishes in each OpenAPI document exactly the entries that say so', () => {
    for (const name of ['v2', 'v1'] as const) {
      const doc = openApiDocument(name, 'http://127.0.0.1:1');
      const inDoc = Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.entries(ops).map(([m, op]) => `${m.toUpperCase()} ${p} ${op.operationId as string}`),
      );
      const entries = CATALOG.filter((e) => e.published?.document === name).map(
        (e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')} ${e.published!.operationId}`,
      );
      expect(inDoc.sort()).toEqual(entries.sort());
    }
  });

  it('leaves the SDK no way to send a request but through an entry', () => {
    // Where a request may be built from a method and a path rather than an entry, and why.
    const RAW_SENDERS: Record<string, string> = {
      'api/client.ts': 'the client core itself',
      'api/transport.ts': 'node:http underneath the client',
      'api/download.ts': 'fetches a signed export link (the exports.download entry) without credentials',
      'api/endpoints/call.ts': 'sends an entry',
      'api/paid-call.ts': 'sends the request call.ts built from a paid entry, with its journal',
      'commands/api/api.ts': '`prospect api` sends any path a person gives',
      'cli/sandbox-target.ts': "the local sandbox's test controls, whose entries hold zod schemas the CLI core does not load",
    };
    const files = readdirSync(SRC, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && f.name.endsWith('.ts'))
      .map((f) => path.relative(SRC, path.join(f.parentPath, f.name)).split(path.sep).join('/'));
    const senders = files.filter((f) => /\.request(?:WithResponse)?(?:<.*?>+)?\(/.test(readFileSync(path.join(SRC, f), 'utf8')));
    expect(senders.sort()).toEqual(Object.keys(RAW_SENDERS).sort());
  });
});

describe('paging', () => {
  /** Answers with a cursor and rows that are not paged through their own operation, and why. */
  const NOT_PAGED: Record<string, string> = {
    'people.findAtCompaniesStatus':
      "a job's block of people: its cursor goes into a new POST /people/find-at-companies, not into this poll",
  };
  const fieldsOf = (slot: SchemaSlot | undefined): Record<string, z.ZodMiniType> =>
    slot ? ((schemaOf(slot)._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape ?? {}) : {};
  /** The field's schema type under optional, nullable and default. */
  const typeOf = (s: z.ZodMiniType): string => {
    const def = s._zod.def as { type: string; innerType?: z.ZodMiniType };
    return def.innerType ? typeOf(def.innerType) : def.type;
  };
  const arrays = (e: Endpoint) =>
    Object.entries(fieldsOf(e.response))
      .filter(([, s]) => typeOf(s) === 'array')
      .map(([k]) => k);
  const paged = CATALOG.filter((e) => e.pages);

  it('says how the pages are read wherever an answer holds rows and a cursor', () => {
    const unsaid = CATALOG.filter((e) => 'cursor' in fieldsOf(e.response) && arrays(e).length > 0 && !e.pages && !NOT_PAGED[e.id]);
    expect(unsaid.map((e) => e.id)).toEqual([]);
    expect(Object.keys(NOT_PAGED).filter((id) => !CATALOG.some((e) => e.id === id && !e.pages))).toEqual([]);
  });

  it.each(CATALOG.filter((e) => e.rows).map((e) => [e.id, e] as const))('%s: its rows name an array of its answer', (_id, e) => {
    expect(arrays(e)).toContain(e.rows);
  });

  it.each(paged.map((e) => [e.id, e] as const))('%s: it says its rows, its cursor and size go where it takes them', (_id, e) => {
    const { in: where } = e.pages!;
    expect(e.rows).toBeDefined();
    expect('cursor' in fieldsOf(e.response)).toBe(true);
    expect(where).toBe(e.method === 'GET' ? 'query' : 'body');
    const taken = where === 'query' ? (e.query ?? []).map((q) => q.name) : Object.keys(fieldsOf(e.body));
    expect(taken).toEqual(expect.arrayContaining(['cursor', 'limit']));
  });
});

describe("each entry's named answer", () => {
  it('is what its route answers: every entry naming one is called once, each answer parsed with that schema by the sandbox (checkAnswers)', async () => {
    const sb = await openSandbox({ rateLimits: false, checkAnswers: true });
    try {
      await callEveryEntry(sb);
      const router = new Router(routes);
      const answered = new Set(
        sb.services.requestLog.rows.filter((r) => r.status_code < 300).map((r) => router.match(r.method, r.path)?.route.def.endpoint),
      );
      expect(
        CATALOG.filter((e) => e.response !== undefined && !answered.has(e)).map((e) => e.id),
        'entries never answered',
      ).toEqual([]);
    } finally {
      await sb.close();
    }
  });
});

/** One call of each entry with a named answer, and first what it needs: a search, a list and its leads, a run, a key. */
async function callEveryEntry(sb: RunningSandbox): Promise<void> {
  const api = apiOf(clientFor(sb));
  const session = apiOf(clientFor(sb, sb.mintJwt()));
  const quoted = async <R extends PaidRun>(run: R) =>
    ({ ...run.body, quote_id: (await api.credits.estimate(estimateBodyFor(run))).quote_id }) as R['body'] & { quote_id: string };

  await api.identity.whoami();
  await api.legacy.validateKey();
  await api.credits.balance();
  await api.usage.get();
  await raw(sb, 'GET', '/api/v2/api-keys', { token: sb.demoKey }); // keys.listV2: no SDK method
  const key = await session.keys.create({ name: 'Catalog answers' });
  await session.keys.list();
  await apiOf(clientFor(sb, key.api_key)).identity.whoami(); // a request in the key's log, so its rows are checked too
  await session.keys.requests(key.id);
  await session.keys.revoke(key.id);

  const found = await api.people.search({ filters: { seniority: ['Director'] }, limit: 3 });
  const person = found.results[0]!;
  const peopleCohort = found.task_id!;
  await api.people.compile({ criteria: { seniorityInclude: ['Director'] } });
  await api.people.filterValues('titles', 'eng');
  const job = await api.people.findAtCompanies({
    company_filter: { op: 'and', conditions: [{ column: 'industry', type: 'contains', value: 'software' }] },
    person_filter: { type: 'group_filter', op: 'and', filters: [] },
    limit: 5,
  });
  await api.people.findAtCompaniesStatus(job.task_id);
  const companies = await api.companies.search({ filters: { domains: [person.domain!] } });
  const companyCohort = companies.task_id!;
  const company = companies.results[0]!;
  await api.companies.similar({ company_id: company.company_id, limit: 2 });
  await api.companies.filterValues('industries', 'soft');

  const list = (await api.lists.create({ name: 'Catalog answers' })).list_id;
  await api.lists.list();
  await api.lists.get(list);
  await api.lists.update(list, { description: 'Every named answer checked' });
  await api.lists.addLeads(list, { task_id: peopleCohort });
  const leads = await api.lists.leads(list);
  const csv = Buffer.from('first_name,last_name,company_name\nAda,Lovelace,Engines\n').toString('base64');
  const mapping = { first_name: 'first_name', last_name: 'last_name', company_name: 'company_name' };
  await api.lists.sendImportCsv(list, { csv_content_base64: csv, column_mapping: mapping, dispatch_enrichment: false });
  const findPeople = await api.lists.findPeople(list, { company_ids: [company.company_id], limit_per_company: 1 });
  await api.lists.findPeopleStatus(list, findPeople.workflow_id);
  await api.lists.createFolder({ name: 'Catalog answers' });
  await api.exports.csvLink({ list_id: list, columns: ['email'] });
  await api.exports.json({ list_id: list, limit: 2 });

  const bulk = await api.enrichment.sendBulk(await quoted({ tool: 'enrich_list', body: { list_id: list } }));
  await api.enrichment.status(bulk.workflow_id);
  await api.enrichment.sendPerson(
    await quoted({ tool: 'enrich_person', body: { lead_list_id: list, linkedin_url: person.linkedin_url! } }),
  );
  await api.enrichment.sendCompany(await quoted({ tool: 'enrich_company', body: { domain: company.domain! } }));
  await api.enrichment.sendByTask(
    await quoted({ tool: 'add_company_enrichments', body: { task_id: companyCohort, data_points: ['Industry'] } }),
  );
  const run = await api.agents.sendRun(
    await quoted({ tool: 'run_smart_agent', body: { list_id: list, agent_type: 'title_normalizer', column_name: 'title_clean' } }),
  );
  await api.agents.list({ list_id: list });
  await api.agents.results(run.smart_agent_task_id);

  await api.sync.preview({ provider: 'crm_one', list_id: list });
  await api.sync.connections();
  const campaign = (await api.sync.campaigns()).campaigns[0]!.campaign_id;
  await api.sync.sendCrm(await quoted({ tool: 'sync_to_crm', body: { provider: 'crm_one', list_id: list, approved: true } }));
  await api.sync.sendSequencer(
    await quoted({ tool: 'sync_to_sequencer', body: { provider: 'sequencer_one', list_id: list, campaign_id: campaign, approved: true } }),
  );
  const legacy = await api.legacy.sendBulkEnrich({ contacts: [{ linkedin_url: person.linkedin_url! }] });
  await api.legacy.workflowStatus(legacy.workflow_id);
  await api.legacy.taskStatus(legacy.task_ids[0]!); // the other schema of its oneOf
  await api.legacy.webhookDeliveries(legacy.workflow_id);

  await api.lists.removeLeads(list, [leads.leads[0]!.lead_id]);
  await api.lists.delete(list);
  await session.keys.revokeAll();
}
