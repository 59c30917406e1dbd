import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { clientFor, openSandbox, raw, type RunningSandbox } from './helpers.js';

/** GET /openapi-public-v2.json, /openapi-public.json, /docs and /redoc: public, generated from the zod schemas. */

// The spec's v2 endpoint tables, less /credits/estimate, company search (3) and sync (2), with the scope each checks.
const V2_OPERATIONS: Record<string, string | null> = {
  'GET /whoami': null,
  'GET /credits/balance': 'credits:read',
  'GET /api-keys': 'admin:api_keys',
  'GET /usage': 'admin:api_keys',
  'GET /people/find/filters': 'people:read',
  'POST /people/find': 'people:read',
  'POST /people/find/compile': 'people:read',
  'POST /people/find-at-companies': 'people:read',
  'GET /people/find-at-companies/status/{task_id}': 'people:read',
  'POST /lead-lists': 'lists:write',
  'GET /lead-lists': 'lists:read',
  'GET /lead-lists/{list_id}': 'lists:read',
  'PATCH /lead-lists/{list_id}': 'lists:write',
  'DELETE /lead-lists/{list_id}': 'lists:write',
  'GET /lead-lists/{list_id}/leads': 'lists:read',
  'POST /lead-lists/{list_id}/leads': 'lists:write',
  'DELETE /lead-lists/{list_id}/leads': 'lists:write',
  'POST /lead-lists/{list_id}/csv-import': 'lists:write',
  'POST /lead-lists/{list_id}/find-people': 'lists:write',
  'GET /lead-lists/{list_id}/find-people/status/{workflow_id}': 'people:read',
  'POST /enrichment/person': 'enrich:write',
  'POST /enrichment/company': 'enrich:write',
  'POST /enrichment/by-task': 'enrich:write',
  'POST /enrichment/bulk': 'enrich:write',
  'GET /enrichment/status/{workflow_id}': 'enrich:read',
  'POST /smart-agents/run': 'smart_agents:write',
  'GET /smart-agents': 'smart_agents:read',
  'GET /smart-agents/{smart_agent_task_id}': 'smart_agents:read',
  'POST /export/csv/signed-url': 'export:read',
  'GET /export/json': 'export:read',
};
const V1_OPERATIONS = ['GET /auth/validate-key', 'POST /enrich/bulk', 'GET /enrich/status', 'GET /webhooks/deliveries', 'POST /folders'];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
type Doc = {
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any> };
  servers: { url: string }[];
  [k: string]: any;
};

function operationsOf(doc: Doc): { key: string; op: any }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
  );
}

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const v of node) refsOf(v, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref') out.push(v as string);
      else refsOf(v, out);
    }
  return out;
}

/** A validator for one named request body of a document, its $refs resolved inside the document. */
function bodyValidator(doc: Doc, method: string, path: string) {
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const schema = doc.paths[path]![method]!.requestBody.content['application/json'].schema;
  return ajv.compile({ ...schema, components: doc.components });
}

let sb: RunningSandbox;
let v2: Doc;
let v1: Doc;

beforeAll(async () => {
  sb = await openSandbox();
  v2 = (await raw(sb, 'GET', '/openapi-public-v2.json')).json;
  v1 = (await raw(sb, 'GET', '/openapi-public.json')).json;
});
afterAll(() => sb?.close());

describe('the v2 document', () => {
  it('has exactly the 30 operations of the spec, each with an id, summary, tag and the scope the route checks', () => {
    const ops = operationsOf(v2);
    expect(ops.map((o) => o.key).sort()).toEqual(Object.keys(V2_OPERATIONS).sort());
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(30);
    for (const { key, op } of ops) {
      const scope = V2_OPERATIONS[key];
      expect(op.summary, key).toBeTruthy();
      expect(op.tags, key).toHaveLength(1);
      // The bearer scheme lists no scopes (OAuth schemes do); the scope is x-scope and in the description.
      expect(op.security, key).toEqual([{ bearerAuth: [] }]);
      expect(op['x-scope'], key).toBe(scope ?? undefined);
      expect(op.description, key).toContain(scope ? `Scope: ${scope}.` : 'Any valid credential (no scope).');
    }
  });

  it('names the server under /api/v2 of the host asked', () => {
    expect(v2.openapi).toBe('3.1.0');
    expect(v2.servers).toEqual([{ url: `${sb.url}/api/v2` }]);
  });

  it('gives query limits from the limits values, and error responses in the spec error shape', () => {
    const leads = v2.paths['/lead-lists/{list_id}/leads']!.get;
    expect(leads.parameters).toContainEqual(
      expect.objectContaining({ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } }),
    );
    expect(leads.parameters).toContainEqual(expect.objectContaining({ name: 'list_id', in: 'path', required: true }));
    const usage = v2.paths['/usage']!.get;
    expect(usage.parameters).toContainEqual(
      expect.objectContaining({ name: 'days', schema: { type: 'integer', minimum: 1, maximum: 365, default: 7 } }),
    );
    const csv = v2.paths['/lead-lists/{list_id}/csv-import']!.post;
    expect(Object.keys(csv.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '413', '422', '429']));
    expect(csv.responses['429'].headers['Retry-After']).toBeDefined();
    expect(csv.responses['404']['x-error-codes']).toContain('list_not_found');
    expect(csv.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(v2.paths['/lead-lists']!.post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ListDetail',
    });
  });
});

describe('the v1 document', () => {
  it('has the 5 v1-only operations under /api/v1/public, with no scope', () => {
    const ops = operationsOf(v1);
    expect(ops.map((o) => o.key).sort()).toEqual([...V1_OPERATIONS].sort());
    for (const { key, op } of ops) expect(op.security, key).toEqual([{ bearerAuth: [] }]);
    expect(v1.servers).toEqual([{ url: `${sb.url}/api/v1/public` }]);
    expect(v1.paths['/webhooks/deliveries']!.get.parameters).toContainEqual(
      expect.objectContaining({ name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } }),
    );
  });
});

describe.each([
  ['v2', () => v2],
  ['v1', () => v1],
])('the %s document', (_name, docOf) => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(docOf()));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('resolves every $ref to a component it holds', () => {
    const doc = docOf();
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
  });
});

describe('request body schemas', () => {
  it('accept a body the sandbox accepts and refuse one it refuses', async () => {
    const check = bodyValidator(v2, 'post', '/lead-lists');
    const good = { name: 'Openapi accounts', description: 'from the docs' };
    expect(await clientFor(sb).request<object>({ method: 'POST', path: '/lead-lists', body: good })).toMatchObject({ name: good.name });
    expect(check(good), JSON.stringify(check.errors)).toBe(true);
    for (const bad of [{ description: 'no name' }, { name: '' }, { name: 'x'.repeat(201) }, { name: 7 }]) {
      expect((await raw(sb, 'POST', '/api/v2/lead-lists', { token: sb.demoKey, body: bad })).status).toBe(422);
      expect(check(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('keep request-side nested schemas apart from answer-side ones where they differ', () => {
    const check = bodyValidator(v2, 'post', '/people/find-at-companies');
    const body = {
      company_linkedin_urls: ['https://www.linkedin.com/company/x'],
      person_filter: { type: 'group_filter', op: 'and', filters: [{ column: 'title', filter_type: 'contains', value: 'cto', extra: 1 }] },
    };
    expect(check(body), JSON.stringify(check.errors)).toBe(true);
    expect(check({ ...body, person_filter: { type: 'group_filter', op: 'xor', filters: [] } })).toBe(false);
  });
});

describe('/docs and /redoc', () => {
  it.each([
    ['/docs', () => v2],
    ['/docs?spec=v1', () => v1],
    ['/redoc', () => v2],
    ['/redoc?spec=v1', () => v1],
  ])('%s answers self-contained HTML naming every operation, without a credential', async (path, docOf) => {
    const r = await raw(sb, 'GET', path);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.text).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
    for (const { key, op } of operationsOf(docOf())) {
      const [method, p] = key.split(' ');
      expect(r.text, key).toContain(`id="op-${op.operationId}"`);
      expect(r.text, key).toContain(`<code>${p}</code>`);
      expect(r.text, key).toContain(`>${method}</span>`);
    }
  });

  it('/docs puts each operation in an expandable block and links the other document', async () => {
    const r = await raw(sb, 'GET', '/docs');
    expect(r.text.match(/<details id="op-/g)).toHaveLength(30);
    expect(r.text).toContain('href="/docs?spec=v1"');
    expect(r.text).toContain('id="error-list_not_found"');
  });

  it('/redoc has a navigation sidebar and lists the components', async () => {
    const r = await raw(sb, 'GET', '/redoc');
    expect(r.text).toContain('<nav>');
    for (const name of Object.keys(v2.components.schemas)) expect(r.text, name).toContain(`id="schema-${name}"`);
  });

  it('escapes text taken from the request', async () => {
    const r = await raw(sb, 'GET', '/docs', { headers: { host: '127.0.0.1:1"><b>x</b>' } });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('"><b>x</b>');
    expect(r.text).toContain('&#34;&#62;&#60;b&#62;x&#60;/b&#62;');
  });
});

describe('the documents', () => {
  it.each(['/openapi-public-v2.json', '/openapi-public.json'])(
    '%s answers JSON without a credential, the same on every call',
    async (path) => {
      const [a, b] = [await raw(sb, 'GET', path), await raw(sb, 'GET', path)];
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe('application/json');
      expect(b.text).toBe(a.text);
    },
  );
});

describe('the request log', () => {
  it('does not count the documents and pages', async () => {
    const before = await clientFor(sb).request<{ total_calls: number }>({ method: 'GET', path: '/usage', query: { days: 1 } });
    for (const path of ['/openapi-public-v2.json', '/openapi-public.json', '/docs', '/redoc', '/docs?spec=v1'])
      expect((await raw(sb, 'GET', path, { token: sb.demoKey })).status).toBe(200);
    const after = await clientFor(sb).request<{ total_calls: number; rows: { group: string }[] }>({
      method: 'GET',
      path: '/usage',
      query: { days: 1 },
    });
    // The first usage call itself is the one more.
    expect(after.total_calls).toBe(before.total_calls + 1);
    expect(after.rows.map((r) => r.group).join(' ')).not.toMatch(/openapi|docs|redoc/);
  });
});
