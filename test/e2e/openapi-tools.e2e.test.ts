import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, raw, type RunningSandbox } from '../sandbox/helpers.js';
import { tempDir } from '../helpers/temp-dir.js';
import { typeCheck } from '../helpers/user-project.js';

/**
 * The published OpenAPI documents as tools read them: every property is described, Redocly's
 * recommended rules and Spectral's spectral:oas rules find nothing, and a small client typed by
 * openapi-typescript compiles while its types refuse bodies the sandbox refuses. Spawns the
 * three tools (dev dependencies, run offline) and tsc: what a user's tool chain makes of the
 * documents is only seen by running it.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const CONFIGS = path.join(ROOT, 'test', 'fixtures', 'openapi-lint');
/** No telemetry, no update checks, no colour: the tools run offline and print plain text. */
const TOOL_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' };
const DOCUMENTS = { v2: '/openapi-public-v2.json', v1: '/openapi-public.json' } as const;
type DocumentName = keyof typeof DOCUMENTS;

let sb: RunningSandbox;
let dir: string;
const files = {} as Record<DocumentName, string>;
const docs = {} as Record<DocumentName, unknown>;

beforeAll(async () => {
  sb = await openSandbox({ rateLimits: false });
  dir = tempDir('prospect-openapi-');
  for (const name of Object.keys(DOCUMENTS) as DocumentName[]) {
    const r = await raw(sb, 'GET', DOCUMENTS[name]);
    expect(r.status).toBe(200);
    docs[name] = r.json;
    files[name] = path.join(dir, `${name}.json`);
    writeFileSync(files[name], r.text);
  }
});
afterAll(() => sb?.close());

function tool(name: string, args: string[]) {
  return execa(path.join(BIN, name), args, { cwd: dir, env: TOOL_ENV, reject: false });
}

/** JSON pointers of the properties (schemas, not the `false` of a form that leaves a field out) without a description. */
function undescribed(node: unknown, at = '#', out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((v, i) => undescribed(v, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'properties' && v && typeof v === 'object' && !Array.isArray(v)) {
        for (const [p, s] of Object.entries(v as Record<string, unknown>)) {
          const description = typeof s === 'object' && s !== null ? (s as { description?: unknown }).description : undefined;
          if (typeof s === 'object' && !(typeof description === 'string' && description.trim())) out.push(`${at}/properties/${p}`);
          undescribed(s, `${at}/properties/${p}`, out);
        }
      } else undescribed(v, `${at}/${k}`, out);
    }
  }
  return out;
}

describe.each(Object.keys(DOCUMENTS) as DocumentName[])('the %s document', (name) => {
  it('describes every property', () => {
    expect(undescribed(docs[name])).toEqual([]);
  });

  it('passes Redocly lint (recommended) with no error and no warning', async () => {
    const r = await tool('redocly', ['lint', '--config', path.join(CONFIGS, 'redocly.yaml'), '--format=json', files[name]]);
    const report = JSON.parse(r.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it('passes Spectral lint (spectral:oas) with no error and no warning', async () => {
    const out = path.join(dir, `${name}.spectral.json`);
    const r = await tool('spectral', [
      'lint',
      '--ruleset',
      path.join(CONFIGS, 'spectral.yaml'),
      '--format',
      'json',
      '--output',
      out,
      '--fail-severity',
      'warn',
      files[name],
    ]);
    const results = JSON.parse(readFileSync(out, 'utf8')) as { code: string; message: string; path: string[] }[];
    expect(results.map((p) => `${p.code} at ${p.path.join('.')}: ${p.message}`)).toEqual([]);
    expect(r.exitCode, r.stderr).toBe(0);
  });
});

/** POSTs of a small client typed by the generated v2 types: bodies its types take, and bodies they refuse (and why). */
const CLIENT_CALLS: { path: string; body: unknown; refused?: string }[] = [
  { path: '/lead-lists', body: { name: 'Accounts from a generated client' } },
  { path: '/lead-lists', body: { description: 'no name' }, refused: 'name is required' },
  { path: '/lead-lists', body: { name: 'x'.repeat(10), folder_id: 7 }, refused: 'folder_id is a string' },
  { path: '/people/find', body: { filters: { seniority: ['Director'], company_headcount: ['501-1000'] } } },
  { path: '/people/find', body: { filters: { seniority: ['Boss'] } }, refused: 'Boss is not a seniority level' },
  { path: '/people/find', body: { filters: { job_title: ['CTO'] } }, refused: 'job_title is not one of the 17 keys' },
  {
    path: '/people/find',
    body: { filters: { titles: ['CTO'] }, criteria: { jobTitlesInclude: ['CTO'] } },
    refused: 'filters and criteria together',
  },
  { path: '/people/find', body: { limit: 10 }, refused: 'neither filters nor criteria' },
  { path: '/enrichment/bulk', body: { list_id: 'lst_missing', scope: 'phone-only' } },
  {
    path: '/enrichment/bulk',
    body: { list_id: 'lst_missing', scope: 'phone_only' },
    refused: 'list enrichment spells phone-only with a hyphen',
  },
  { path: '/enrichment/company', body: { quote_id: 'qte_v1_x' }, refused: 'no company identifier' },
  {
    path: '/enrichment/person',
    body: { lead_list_id: 'lst_missing', first_name: 'Ada', last_name: 'Lovelace' },
    refused: 'a name without a company',
  },
  { path: '/smart-agents/run', body: { list_id: 'lst_missing', agent_type: 'cold_intro_email' } },
  {
    path: '/smart-agents/run',
    body: { list_id: 'lst_missing', agent_type: 'writer', column_name: 'angle' },
    refused: 'writer is not an agent type',
  },
  {
    path: '/smart-agents/run',
    body: { list_id: 'lst_missing', agent_type: 'title_normalizer' },
    refused: 'title_normalizer needs a column_name',
  },
];

/** The client, one call per line so each refused one carries its @ts-expect-error. */
function clientSource(): string {
  const calls = CLIENT_CALLS.map((c) =>
    [
      ...(c.refused ? [`    // @ts-expect-error ${c.refused}`] : []),
      `    post(baseUrl, token, '${c.path}', ${JSON.stringify(c.body)}),`,
    ].join('\n'),
  );
  return `import type { paths } from './v2.js';

type JsonPost = { [P in keyof paths]: paths[P] extends { post: { requestBody?: { content: { 'application/json': unknown } } } } ? P : never }[keyof paths];
type BodyOf<P extends JsonPost> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;

/** POSTs a body typed by the document; answers the HTTP status. */
export async function post<P extends JsonPost>(baseUrl: string, token: string, path: P, body: BodyOf<P>): Promise<number> {
  const r = await fetch(baseUrl + path, { method: 'POST', headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.status;
}

export function calls(baseUrl: string, token: string): Promise<number>[] {
  return [
${calls.join('\n')}
  ];
}
`;
}

describe('a client generated with openapi-typescript from the v2 document', () => {
  it('compiles under strict tsc, and its types refuse the bodies the sandbox refuses', async () => {
    // Defaults are documented (limit 25, ...); openapi-typescript's default-non-nullable would make those fields required in a body.
    const gen = await tool('openapi-typescript', [files.v2, '--output', path.join(dir, 'v2.d.ts'), '--default-non-nullable', 'false']);
    expect(gen.exitCode, gen.stderr).toBe(0);
    writeFileSync(path.join(dir, 'client.ts'), clientSource());
    // An unused @ts-expect-error fails the check: each refused body is refused by the types.
    expect(await typeCheck(dir, ['client.ts', 'v2.d.ts'])).toBe('');
    for (const c of CLIENT_CALLS) {
      const r = await raw(sb, 'POST', `/api/v2${c.path}`, { token: sb.demoKey, body: c.body });
      const invalid = r.status === 422 || (r.status === 400 && r.json?.error?.code === 'validation_error');
      expect(invalid, `${c.path} ${JSON.stringify(c.body)}: ${r.status} ${r.text.slice(0, 200)}`).toBe(c.refused !== undefined);
    }
  });
});
