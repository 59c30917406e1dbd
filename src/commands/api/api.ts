import { readFile } from 'node:fs/promises';
import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { collect, oneOf } from '../../cli/parse.js';
import { readAll } from '../../cli/prompt.js';
import type { Prefix } from '../../api/client.js';
import { pages } from '../../api/paginate.js';
import { CATALOG } from '../../api/endpoints/index.js';
import { textPath } from '../../cli/route-commands.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
const PREFIX_NAMES = ['v2', 'v1', 'keys', 'root'] as const;

/** `key=value` pairs; `key[]=v` appends to an array. Typed values (-F) read numbers, booleans and null. */
export function buildFields(typed: readonly string[], raw: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const add = (pair: string, parse: boolean) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw usageError(`field "${pair}" is not key=value`, 'Write fields as -f name=value.');
    let key = pair.slice(0, eq);
    const text = pair.slice(eq + 1);
    const value = parse ? typedValue(text) : text;
    if (key.endsWith('[]')) {
      key = key.slice(0, -2);
      const prev = out[key];
      out[key] = Array.isArray(prev) ? [...(prev as unknown[]), value] : [value];
    } else out[key] = value;
  };
  for (const p of raw) add(p, false);
  for (const p of typed) add(p, true);
  return out;
}

function typedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** Paths under /api/... or other root paths are sent as they are; the rest get the v2 prefix. */
export function choosePrefix(path: string, given: Prefix | undefined): Prefix {
  if (given) return given;
  if (/^\/?(api\/|__sandbox\/|openapi|docs|redoc|health)/.test(path)) return 'root';
  return 'v2';
}

/** The first array of objects in a page (results, leads, lists, runs, rows ...). */
function rowsOf(page: unknown): unknown[] | undefined {
  if (Array.isArray(page)) return page as unknown[];
  if (!page || typeof page !== 'object') return undefined;
  for (const v of Object.values(page as Record<string, unknown>))
    if (Array.isArray(v) && v.every((x) => x && typeof x === 'object')) return v as unknown[];
  return undefined;
}

/** The service's operations as a path for this command: v2 ones as they are, the others with their prefix. */
function operationLines(): string[] {
  const rows = CATALOG.filter((e) => e.kind === 'v2' || e.kind === 'v1only' || e.kind === 'keys').map((e) => ({
    route: `${e.method} ${textPath(e)}`,
    about: `${e.summary}${e.paid ? ' (paid)' : ''}`,
  }));
  const width = Math.max(...rows.map((r) => r.route.length));
  return rows.map((r) => `${r.route.padEnd(width)}  ${r.about}`);
}

const FLAGS = [
  { flags: '-f, --raw-field <key=value>', description: 'add a string field (repeatable; key[]=v builds an array)', parse: collect },
  {
    flags: '-F, --field <key=value>',
    description: 'add a typed field: numbers, true, false and null are parsed (repeatable)',
    parse: collect,
  },
  { flags: '--input <file>', description: 'read the JSON body from a file, or - for stdin' },
  { flags: '--paginate', description: 'follow cursor until the last page and print every row' },
  {
    flags: '--prefix <prefix>',
    description: 'path prefix: v2 is /api/v2, v1 /api/v1/public, keys /api/v1/api-keys, root none',
    choices: PREFIX_NAMES,
    parse: oneOf('--prefix', PREFIX_NAMES),
    defaultDescription: "root for /api/... and the service's own pages, else v2",
  },
  { flags: '-H, --header <name:value>', description: 'add a request header (repeatable)', parse: collect },
] as const satisfies readonly FlagSpec[];

export const command = defineCommand({
  description:
    'Send any request to the service with the configured auth, retries and error handling, and print the JSON answer. ' +
    'PATH is relative to /api/v2 unless it starts with /api/ (or use --prefix). Fields go in the query for GET and in a JSON body otherwise; ' +
    'with --input the body comes from a file or stdin and fields go in the query. --paginate follows cursors and prints all rows.',
  args: [
    { name: 'method', description: 'the HTTP method (any case)', values: METHODS },
    { name: 'path', description: 'e.g. /whoami, /lead-lists, /api/v1/public/auth/validate-key' },
  ],
  flags: FLAGS,
  examples: [
    'prospect api GET /whoami',
    'prospect api GET /lead-lists -F limit=100 --paginate --format ndjson',
    'prospect api POST /people/find --input filters.json',
    'prospect api GET /auth/validate-key --prefix v1',
  ],
  sections: [{ title: 'Operations', lines: operationLines() }],
  related: ['prospect whoami', 'prospect --debug'],
  async run(opts, ctx) {
    const method = opts.args[0]!.toUpperCase();
    if (!(METHODS as readonly string[]).includes(method))
      throw usageError(`unknown method "${opts.args[0]}"`, `Use one of: ${METHODS.join(', ')}.`);
    const path = opts.args[1]!;
    if (/^https?:\/\//i.test(path))
      throw usageError('give a path, not a full URL', 'The base URL comes from --base-url, PROSPECT_BASE_URL or the profile.');
    const prefix = choosePrefix(path, opts.prefix);
    const fields = buildFields(opts.field ?? [], opts.rawField ?? []);
    let body: unknown;
    let query: Record<string, string | number | boolean | (string | number)[]> = {};
    const bodyless = method === 'GET' || method === 'HEAD';
    if (opts.input !== undefined && bodyless)
      throw usageError(`--input sends a body, and ${method} has none`, 'Use POST, PUT, PATCH or DELETE, or pass the values as -f fields.');
    if (opts.input !== undefined) {
      const text =
        opts.input === '-'
          ? await readAll(ctx.io.stdin)
          : await readFile(opts.input, 'utf8').catch((e: NodeJS.ErrnoException) => {
              throw usageError(`cannot read --input ${opts.input}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
            });
      try {
        body = JSON.parse(text);
      } catch (e) {
        throw usageError(`--input ${opts.input} is not valid JSON: ${(e as Error).message}`);
      }
      query = fields as typeof query;
    } else if (bodyless || method === 'DELETE') query = fields as typeof query;
    else body = fields;
    const headers: Record<string, string> = {};
    for (const h of opts.header ?? []) {
      const i = h.indexOf(':');
      if (i <= 0) throw usageError(`header "${h}" is not name:value`);
      headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
    }
    const isKeyManagement = prefix === 'keys' || /^\/?api\/v1\/api-keys/.test(path);
    const client = await ctx.client({ auth: isKeyManagement ? 'jwt' : 'key' });
    const send = (cursor?: string) => {
      const withCursor = cursor === undefined ? {} : { cursor };
      const inBody = body !== undefined;
      return client.request<unknown>({
        method,
        path,
        prefix,
        query: inBody ? query : { ...query, ...withCursor },
        body: inBody ? { ...(body as Record<string, unknown>), ...withCursor } : undefined,
        headers,
        signal: ctx.signal,
      });
    };
    // Raw answers are JSON unless a format is asked for.
    const format = ctx.globals.format ?? 'json';
    if (!opts.paginate) {
      const data = await send();
      if (format === 'json' || data === null || typeof data !== 'object') {
        ctx.out.hints(data);
        ctx.io.stdout.write(JSON.stringify(data, null, 2) + '\n');
      } else await ctx.out.print({ kind: 'rows', payload: data, rows: rowsOf(data) ?? [data] }); // print shows the hints
      return;
    }
    async function* rowPages() {
      for await (const page of pages(async (cursor) => {
        const data = await send(cursor);
        const c = data && typeof data === 'object' && 'cursor' in data ? data.cursor : null;
        return { items: rowsOf(data) ?? [], cursor: typeof c === 'string' ? c : null, page: data };
      }))
        yield { rows: page.items, payload: page.page };
    }
    await ctx.out.withFormat(format).printPages(rowPages());
  },
});
