import { describe, expect, it } from 'vitest';
import { Output } from '../../src/cli/output/output.js';
import { createStyle } from '../../src/cli/output/style.js';
import { escapeFormula, tsvRows } from '../../src/cli/output/delimited.js';
import { columnsThatFit, fitWidths } from '../../src/cli/output/table.js';
import { personCell } from '../../src/cli/output/cells.js';
import { Capture } from '../helpers/streams.js';
import type { Format, OutputOptions } from '../../src/cli/output/output.js';
import { debugTracer } from '../../src/cli/debug.js';

function output(format: Format, fields?: string[], notes?: OutputOptions['notes']) {
  const stdout = new Capture();
  const stderr = new Capture();
  const out = new Output({
    stdout,
    stderr,
    format,
    fields,
    quiet: false,
    style: createStyle(false),
    errStyle: createStyle(false),
    width: 80,
    ...(notes ? { notes } : {}),
  });
  return { out, stdout, stderr };
}

const rows = [
  { lead_id: 'l1', full_name: 'Ada Lovelace', title: 'CTO', tags: ['a', 'b'], company: { name: 'Acme' } },
  { lead_id: 'l2', full_name: '=HYPERLINK("x")', title: null, tags: [], company: { name: 'Globex' } },
];
const payload = { leads: rows, total: 2, cursor: null, agent_instructions: '2 credits left' };

describe('Output', () => {
  it('json prints the payload as the service returned it; its raw hints never reach stderr', async () => {
    const { out, stdout, stderr } = output('json');
    await out.print({ kind: 'rows', payload, rows });
    expect(JSON.parse(stdout.text)).toEqual(payload);
    expect(stderr.text).toBe('');
  });

  it("the service's raw hints (HTTP routes to poll) never reach stderr through print or hints(); what they mean does, as notes", async () => {
    const started = {
      workflow_id: 'wf_1',
      agent_instructions: 'Poll GET /smart-agents/agent-1 for results',
      message: 'Poll poll_url until done',
      usage: 'Send GET /x',
    };
    for (const format of ['json', 'ndjson', 'table', 'tsv', 'csv'] as const) {
      const { out, stderr } = output(format);
      await out.print({ kind: 'object', payload: started });
      out.hints(started);
      expect([format, stderr.text]).toEqual([format, '']);
    }
    const noted = output('tsv', undefined, (p) => (p === started ? [{ level: 'warn', text: 'one id was left out' }] : []));
    noted.out.hints(started);
    expect(noted.stderr.text).toBe('warning: one id was left out\n');
  });

  it('--debug prints the raw hints of every answer as the service wrote them, control characters escaped', () => {
    const stderr = new Capture();
    const data = {
      workflow_id: 'wf_1',
      agent_instructions: 'Poll GET /smart-agents/agent-1 for results',
      message: 'Poll poll_url\u001b[2J until done',
      usage: 'Send GET /x',
    };
    debugTracer(stderr)({ type: 'answer', method: 'POST', prefix: 'v2', path: '/smart-agents/run', query: undefined, body: {}, data });
    expect(stderr.text).toBe(
      '[debug] agent_instructions: Poll GET /smart-agents/agent-1 for results\n[debug] usage: Send GET /x\n[debug] message: Poll poll_url\\u001b[2J until done\n',
    );
  });

  it('json of an empty result is still valid JSON', async () => {
    const { out, stdout } = output('json');
    await out.print({ kind: 'rows', payload: { leads: [], total: 0, cursor: null }, rows: [] });
    expect(JSON.parse(stdout.text)).toEqual({ leads: [], total: 0, cursor: null });
  });

  it('tsv has a header, one line per row, lists joined and tabs kept out of cells', async () => {
    const { out, stdout } = output('tsv');
    await out.print({ kind: 'rows', payload, rows, columns: ['lead_id', 'full_name', 'tags'] });
    expect(stdout.text).toBe('lead_id\tfull_name\ttags\nl1\tAda Lovelace\ta,b\nl2\t=HYPERLINK("x")\t\n');
    expect(tsvRows([{ a: 'x\ty\nz' }], ['a'])).toBe('a\nx y\\nz\n');
  });

  it('csv quotes properly and escapes cells a spreadsheet would run as formulas', async () => {
    const { out, stdout } = output('csv');
    await out.print({ kind: 'rows', payload, rows, columns: ['lead_id', 'full_name'] });
    expect(stdout.text).toBe('lead_id,full_name\nl1,Ada Lovelace\nl2,"\'=HYPERLINK(""x"")"\n');
    expect(['=1', '+1', '-1', '@x', 'ok'].map(escapeFormula)).toEqual(["'=1", "'+1", "'-1", "'@x", 'ok']);
  });

  it('--fields picks and orders columns in every format, dotted paths included', async () => {
    for (const format of ['tsv', 'csv'] as const) {
      const { out, stdout } = output(format, ['company.name', 'lead_id']);
      await out.print({ kind: 'rows', payload, rows });
      expect(stdout.text.split('\n')[0]).toBe(format === 'tsv' ? 'company.name\tlead_id' : 'company.name,lead_id');
      expect(stdout.text.split('\n')[1]).toBe(format === 'tsv' ? 'Acme\tl1' : 'Acme,l1');
    }
    const j = output('json', ['lead_id']);
    await j.out.print({ kind: 'rows', payload, rows });
    expect(JSON.parse(j.stdout.text)).toEqual([{ lead_id: 'l1' }, { lead_id: 'l2' }]);
    const n = output('ndjson', ['lead_id']);
    await n.out.print({ kind: 'rows', payload, rows });
    expect(n.stdout.text).toBe('{"lead_id":"l1"}\n{"lead_id":"l2"}\n');
  });

  it('table shows a header and every row; an empty table says so on stderr', async () => {
    const { out, stdout } = output('table');
    await out.print({ kind: 'rows', payload, rows, columns: ['lead_id', 'full_name'] });
    const lines = stdout.text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LEAD_ID\s+FULL_NAME$/);
    expect(lines[1]).toMatch(/^l1\s+Ada Lovelace$/);
    expect(lines).toHaveLength(3);
    const empty = output('table');
    await empty.out.print({ kind: 'rows', payload: {}, rows: [], emptyMessage: 'No leads.' });
    expect(empty.stdout.text).toBe('');
    expect(empty.stderr.text).toBe('No leads.\n');
  });

  it('one object is a key/value view on a terminal and one tsv row when piped', async () => {
    const obj = { organization_id: 'org_1', credits: 5000, agent_instructions: 'hint' };
    const t = output('table');
    await t.out.print({ kind: 'object', payload: obj });
    expect(t.stdout.text).toBe('organization_id  org_1\ncredits          5,000\n');
    const s = output('tsv');
    await s.out.print({ kind: 'object', payload: obj });
    expect(s.stdout.text).toBe('organization_id\tcredits\norg_1\t5000\n');
    const lists = output('table');
    await lists.out.print({ kind: 'object', payload: { scopes: ['a:read', 'b:write'] } });
    expect(lists.stdout.text).toBe('scopes  a:read, b:write\n');
  });

  it('--quiet silences hints and info but not data', async () => {
    const stdout = new Capture();
    const stderr = new Capture();
    const out = new Output({
      stdout,
      stderr,
      format: 'json',
      fields: undefined,
      quiet: true,
      style: createStyle(false),
      errStyle: createStyle(false),
      width: 80,
      notes: () => [{ level: 'info', text: 'a note' }],
    });
    await out.print({ kind: 'object', payload: { a: 1, usage: 'try this' } });
    out.info('hello');
    expect(stderr.text).toBe('');
    expect(JSON.parse(stdout.text)).toEqual({ a: 1, usage: 'try this' });
  });
});

describe('fitWidths', () => {
  it('shrinks the widest columns to fit the terminal', () => {
    expect(fitWidths([10, 50], 40)).toEqual([10, 26]);
    expect(fitWidths([5, 5], 80)).toEqual([5, 5]);
  });
  it('keeps fixed columns (ids) whole and shortens the others', () => {
    expect(fitWidths([30, 28], 40, [false, true])).toEqual([8, 28]);
  });
  it('leaves out the rightmost other columns when ids and the rest at their least do not fit', () => {
    // Text columns take at least 6 + 2, the id 28 + 2: 54 columns hold three text columns, 50 two.
    expect(columnsThatFit([20, 20, 20, 28, 20], [false, false, false, true, false], 54)).toEqual([0, 1, 2, 3]);
    expect(columnsThatFit([20, 20, 20, 28, 20], [false, false, false, true, false], 50)).toEqual([0, 1, 3]);
    expect(columnsThatFit([20, 28], [false, true], 10)).toEqual([0, 1]);
  });
});

describe('personCell', () => {
  it('writes amounts as the messages do, and leaves years, ids and epoch times alone', () => {
    expect(personCell('credits', 12345)).toBe('12,345');
    expect(personCell('lead_count', 999)).toBe('999');
    expect(personCell('founded_year', 1998)).toBe('1998');
    expect(personCell('company_id', 123456)).toBe('123456');
    expect(personCell('timestamp_ms', 1764050000000)).toBe('1764050000000');
    expect(personCell('similarity_score', 0.8571)).toBe('0.8571');
    expect(personCell('tags', ['a', 'b'])).toBe('a, b');
  });
  it('writes instants in local time to the minute; dates alone and other text stay', () => {
    const at = new Date(2026, 10, 25, 14, 5, 59);
    expect(personCell('created_at', at.toISOString())).toBe('2026-11-25 14:05');
    expect(personCell('last_funding_date', '2024-03-01')).toBe('2024-03-01');
    expect(personCell('name', '2026-11-25T14:05 launch')).toBe('2026-11-25T14:05 launch');
  });
});

describe('printPages', () => {
  async function* pagesOf(...pages: unknown[][]) {
    for (const rows of pages) yield { rows, payload: { rows } };
  }
  it('json is one valid array, also when empty', async () => {
    const a = output('json');
    expect(await a.out.printPages(pagesOf([{ id: 1 }, { id: 2 }], [], [{ id: 3 }]))).toBe(3);
    expect(JSON.parse(a.stdout.text)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const e = output('json');
    await e.out.printPages(pagesOf([], []));
    expect(JSON.parse(e.stdout.text)).toEqual([]);
  });
  it('tsv and csv write one header for the whole run; --fields applies', async () => {
    const t = output('tsv');
    await t.out.printPages(pagesOf([{ id: 1, n: 'a' }], [{ id: 2, n: 'b' }]));
    expect(t.stdout.text).toBe('id\tn\n1\ta\n2\tb\n');
    const c = output('csv', ['n']);
    await c.out.printPages(pagesOf([{ id: 1, n: '=x' }], [{ id: 2, n: 'b' }]));
    expect(c.stdout.text).toBe("n\n'=x\nb\n");
    const n = output('ndjson', ['id']);
    await n.out.printPages(pagesOf([{ id: 1, n: 'a' }], [{ id: 2 }]));
    expect(n.stdout.text).toBe('{"id":1}\n{"id":2}\n');
  });
});

describe('output edges', () => {
  const people = [{ lead_id: 'ld_1', name: 'Ada', company: { name: 'Acme' } }];

  it('--fields naming what no row has exits 2 with the fields there are; a declared or nested field is fine', async () => {
    const { out } = output('tsv', ['lead_id', 'nmae']);
    await expect(out.print({ kind: 'rows', payload: {}, rows: people })).rejects.toMatchObject({
      exitCode: 2,
      message: '--fields nmae: no such field in this output',
      fix: 'Pick from: lead_id, name, company.',
    });
    await expect(output('tsv', ['company.name']).out.print({ kind: 'rows', payload: {}, rows: people })).resolves.toBeUndefined();
    await expect(
      output('json', ['refund_status']).out.print({ kind: 'object', payload: { id: 1 }, fields: ['id', 'refund_status'] }),
    ).resolves.toBeUndefined();
    const paged = output('ndjson', ['nope']).out.printPages(
      (async function* () {
        yield { rows: people, payload: {} };
      })(),
    );
    await expect(paged).rejects.toMatchObject({ exitCode: 2 });
  });

  it('csv and tsv with no rows still print the header of the columns the command names', async () => {
    const tsv = output('tsv');
    await tsv.out.print({ kind: 'rows', payload: {}, rows: [], tableColumns: ['lead_id', 'name'] });
    expect(tsv.stdout.text).toBe('lead_id\tname\n');
    const csv = output('csv');
    await csv.out.printPages(
      (async function* () {
        yield { rows: [], payload: {} };
      })(),
      undefined,
      ['lead_id', 'name'],
    );
    expect(csv.stdout.text).toBe('lead_id,name\n');
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US does, without loading locale data', async () => {
    const { formatCount } = await import('../../src/cli/output/numbers.js');
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1500, 0.5, 1234.25, -0.75])
      expect([n, formatCount(n)]).toEqual([n, n.toLocaleString('en-US', { maximumFractionDigits: 20 })]);
  });
});
