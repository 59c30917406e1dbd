import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { inToolWords } from '../../src/mcp/tool-words.js';
import { TOOLS } from '../../src/mcp/tools/index.js';
import type { Endpoint } from '../../src/api/endpoints/endpoint.js';
import { nameOf, REF_PREFIX, renderedSchemas, type JsonSchema } from '../../src/api/endpoints/json-schema.js';
import { schemaOf } from '../../src/api/endpoints/schemas.js';
import { callTool, textOf, useMcpSandbox, type SessionOptions } from './helpers.js';

/** tools/list against the tool table and the catalog, and bad input answered as tool errors. */

const t = useMcpSandbox();

async function listed(opts: SessionOptions = {}): Promise<Tool[]> {
  const s = await t.session(opts);
  return (await s.mcp.listTools()).tools;
}

const names = (tools: Tool[]) => tools.map((x) => x.name);
const SYNC_TOOLS = ['sync_crm', 'sync_sequencer', 'sync_preview'];
const DESTRUCTIVE = ['lists_delete', 'lists_remove_leads'];
const OPEN_WORLD = ['sync_crm', 'sync_sequencer'];

/** The body fields an entry takes: the properties of its rendered body, of every branch of a union. */
function bodyFields(e: Endpoint): string[] {
  if (!e.body) return [];
  const all = renderedSchemas('input');
  const out = new Set<string>();
  const visit = (s: JsonSchema | undefined) => {
    if (!s) return;
    if (typeof s.$ref === 'string') return visit(all[s.$ref.slice(REF_PREFIX.length)]);
    for (const k of Object.keys(s.properties ?? {})) out.add(k);
    for (const key of ['oneOf', 'anyOf', 'allOf']) for (const branch of (s[key] ?? []) as JsonSchema[]) visit(branch);
  };
  visit(all[nameOf(schemaOf(e.body))]);
  return [...out];
}

describe('tools/list', () => {
  it('toolset all lists every tool of the table, each once', async () => {
    const tools = await listed({ toolset: 'all' });
    expect(names(tools)).toEqual(TOOLS.map((s) => s.name));
    expect(new Set(names(tools)).size).toBe(TOOLS.length);
  });

  it('toolset read lists only read-only tools, and every one of them', async () => {
    const read = await listed({ toolset: 'read' });
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((x) => x.annotations?.readOnlyHint !== true).map((x) => x.name)).toEqual([]);
    expect(names(read)).toEqual(expect.arrayContaining(['whoami', 'people_search', 'lists_ls', 'run_status']));
    expect(names(read)).not.toContain('lists_create');
  });

  it('toolset standard leaves out the syncs; readOnly leaves out everything that changes something', async () => {
    const standard = names(await listed({ toolset: 'standard' }));
    for (const n of SYNC_TOOLS) expect(standard).not.toContain(n);
    expect(standard).toEqual(expect.arrayContaining(['lists_create', 'enrich_list', 'export_csv_link']));

    const ro = await listed({ toolset: 'all', readOnly: true });
    expect(ro.filter((x) => x.annotations?.readOnlyHint !== true).map((x) => x.name)).toEqual([]);
    const all = await listed({ toolset: 'all' });
    expect(names(ro)).toEqual(all.filter((x) => x.annotations?.readOnlyHint === true).map((x) => x.name));
    for (const n of ['lists_delete', 'enrich_person', 'sync_crm', 'lists_import_csv']) expect(names(ro)).not.toContain(n);
  });

  it("each tool's description starts with its catalog entry's description, the routes it names said as tools", async () => {
    const tools = await listed();
    const offered = new Set(tools.map((x) => x.name));
    for (const spec of TOOLS) {
      const tool = tools.find((x) => x.name === spec.name)!;
      expect(tool.description?.startsWith(inToolWords(spec.entry.description, offered)), spec.name).toBe(true);
      expect(tool.description, spec.name).not.toMatch(/\b(GET|POST|PUT|PATCH|DELETE) \//);
      expect(JSON.stringify([tool.inputSchema, tool.outputSchema]), spec.name).not.toMatch(/\b(GET|POST|PUT|PATCH|DELETE) \//);
    }
  });

  it('every input schema is an object holding the path parameters and body fields of its entry', async () => {
    const tools = await listed();
    const missing: string[] = [];
    for (const spec of TOOLS) {
      const schema = tools.find((x) => x.name === spec.name)!.inputSchema;
      expect(schema.type, spec.name).toBe('object');
      const props = Object.keys(schema.properties ?? {});
      const wanted = [...Object.keys(spec.entry.params ?? {}), ...bodyFields(spec.entry)].filter(
        (n) => n !== 'quote_id' && !spec.args?.omit?.includes(n),
      );
      for (const n of wanted) if (!props.includes(n)) missing.push(`${spec.name}.${n}`);
    }
    // BUG for the lead (src/mcp/tool-schema.ts, inputSchema): a body that is a union (SyncPreviewBody, a
    // discriminated union on provider, renders as oneOf) gives no properties, so sync_preview lists none.
    expect(missing).toEqual([]);
  });

  it('every query parameter is an input property; a repeated one is a list of single values', async () => {
    const tools = await listed();
    const wrong: string[] = [];
    for (const spec of TOOLS)
      for (const q of spec.entry.query ?? []) {
        const prop = tools.find((x) => x.name === spec.name)!.inputSchema.properties?.[q.name] as JsonSchema | undefined;
        if (!prop) wrong.push(`${spec.name}.${q.name}: missing`);
        else if (q.repeated && (prop.type !== 'array' || (prop.items as JsonSchema).type === 'array'))
          wrong.push(`${spec.name}.${q.name}: ${JSON.stringify(prop).slice(0, 80)}`);
      }
    // BUG for the lead (src/mcp/tool-schema.ts, inputSchema's query loop): a repeated parameter whose schema is
    // already an array (export_json columns: ExportColumns) is wrapped once more, so columns reads as a list of lists.
    expect(wrong).toEqual([]);
  });

  it('annotations: GET tools read only, deletes destructive, only the pushes reach outside', async () => {
    const tools = await listed();
    for (const spec of TOOLS) {
      const a = tools.find((x) => x.name === spec.name)!.annotations!;
      if (spec.entry.method === 'GET') expect(a.readOnlyHint, spec.name).toBe(true);
      expect(a.destructiveHint, spec.name).toBe(DESTRUCTIVE.includes(spec.name));
      expect(a.openWorldHint, spec.name).toBe(OPEN_WORLD.includes(spec.name));
    }
  });
});

describe('bad input is a tool error naming the code and the fix, and the server keeps serving', () => {
  async function refused(name: string, args: Record<string, unknown>, code: string) {
    const s = await t.session();
    const r = await callTool(s, name, args);
    expect(r.isError, textOf(r)).toBe(true);
    const text = textOf(r);
    expect(text).toContain(`Error ${code}:`);
    expect(text).toMatch(/\nFix: \S/);
    const next = await callTool(s, 'credits_balance');
    expect(next.isError).toBeFalsy();
    expect(textOf(next)).toContain('credits_balance: done.');
    return text;
  }

  it('an unknown tool', async () => {
    const text = await refused('people_serch', {}, 'unknown_tool');
    expect(text).toContain('people_serch');
    expect(text).toContain('tools/list');
  });

  it('a missing required argument', async () => {
    const text = await refused('lists_get', {}, 'validation_error');
    expect(text).toContain('list_id: is required');
  });

  it('a wrong type', async () => {
    const text = await refused('people_search', { filters: { seniority: ['Director'] }, limit: 'ten' }, 'validation_error');
    expect(text).toContain('limit');
  });

  it('a bad fields value', async () => {
    const text = await refused('people_search', { filters: { seniority: ['Director'] }, fields: 'full_name' }, 'validation_error');
    expect(text).toContain('fields');
    expect(text).toContain('["lead_id","full_name"]');
  });

  it('an unknown list id', async () => {
    const text = await refused('lists_get', { list_id: 'no-such-list' }, 'list_not_found');
    expect(text).toContain('no-such-list');
  });

  it('a delete without confirm does nothing', async () => {
    const s = await t.session();
    const created = await callTool(s, 'lists_create', { name: 'Keep me' });
    const id = (created.structuredContent as { list_id: string }).list_id;
    const text = await refused('lists_delete', { list_id: id }, 'confirmation_required');
    expect(text).toContain('confirm: true');
    expect((await callTool(s, 'lists_get', { list_id: id })).isError).toBeFalsy();
  });
});
