import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { epilogue, fileSink, pageText, prologue, type StreamFormat } from '../../src/commands/export/shared/page-writer.js';
import { checkpointFile, checkpointMismatch, type ExportCheckpoint } from '../../src/commands/export/shared/checkpoint.js';
import { fileNameFor, formatBytes } from '../../src/cli/cmdutil/output-file.js';
import { tempDir } from '../helpers/temp-dir.js';

const COLUMNS = ['lead_id', 'title', 'note'];
const rows = Array.from({ length: 7 }, (_, i) => ({
  lead_id: `ld_${i}`,
  title: i === 2 ? '=SUM(A1)' : `Title, "${i}"`,
  note: i % 3 ? null : `line\nbreak ${i}`,
}));

/** The whole output when the rows come in pages of the given sizes. */
async function written(format: StreamFormat, sizes: number[]): Promise<string> {
  let out = await prologue(format, COLUMNS);
  let before = 0;
  for (const n of sizes) {
    out += await pageText(format, rows.slice(before, before + n), COLUMNS, before);
    before += n;
  }
  return out + epilogue(format, before);
}

describe('page writer', () => {
  it.each(['json', 'ndjson', 'csv'] as const)(
    '%s: the same bytes however the rows are paged (so a resumed export equals one run)',
    async (format) => {
      const one = await written(format, [7]);
      for (const sizes of [
        [1, 1, 1, 1, 1, 1, 1],
        [3, 0, 4],
        [0, 7],
        [2, 5],
      ])
        expect(await written(format, sizes)).toBe(one);
    },
  );

  it('json is one array, ndjson a row per line, csv a header and escaped cells', async () => {
    expect(JSON.parse(await written('json', [3, 4]))).toEqual(rows);
    expect(
      (await written('ndjson', [7]))
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l)),
    ).toEqual(rows);
    const cells = parse(await written('csv', [7]));
    expect(cells[0]).toEqual(COLUMNS);
    expect(cells[3]).toEqual(['ld_2', "'=SUM(A1)", '']);
    expect(cells[1]).toEqual(['ld_0', 'Title, "0"', 'line\nbreak 0']);
    expect(await written('json', [0])).toBe('[]\n');
  });

  it('csv escapes formula-looking header cells as it escapes data cells', async () => {
    const columns = ['=HYPERLINK("x")', '+1', '-a', '@b', 'email'];
    const cells = parse((await prologue('csv', columns)) + (await pageText('csv', [{ email: '=c' }], columns, 0)));
    expect(cells[0]).toEqual(['\'=HYPERLINK("x")', "'+1", "'-a", "'@b", 'email']);
    expect(cells[1]).toEqual(['', '', '', '', "'=c"]);
  });

  it('a file sink resumed at a byte count cuts off what came after it', async () => {
    const file = path.join(tempDir(), 'x.part');
    const first = await fileSink(file, 0);
    await first.write('abc');
    await first.write('def');
    await first.close();
    fs.appendFileSync(file, 'half a page');
    const again = await fileSink(file, 6);
    await again.write('ghi');
    await again.close();
    expect(fs.readFileSync(file, 'utf8')).toBe('abcdefghi');
    expect(again.bytes).toBe(9);
    await expect(fileSink(file, 100)).rejects.toThrow(/has 9 bytes, fewer than the 100 its checkpoint counts/);
  });
});

describe('checkpoints', () => {
  const req = { list_id: 'lst_1', columns: ['email'], format: 'csv' as const };
  const cp: ExportCheckpoint = { version: 1, ...req, cursor: 'c', done: false, rows: 10, bytes: 99, output: null, updated_at: '' };

  it('continue only the same list, columns (in order) and format', () => {
    expect(checkpointMismatch(cp, req)).toBeUndefined();
    expect(checkpointMismatch(cp, { ...req, columns: ['email', 'phone'] })).toBe(
      'the interrupted export was of list lst_1, columns email, format csv; this command asks for list lst_1, columns email,phone, format csv',
    );
    expect(checkpointMismatch(cp, { ...req, format: 'json' })).toMatch(/format json$/);
  });

  it('live beside FILE.part, or for stdout in the data dir under a key of list, columns and format', () => {
    const env = { PROSPECT_DATA_DIR: '/data' };
    expect(checkpointFile(req, 'out/leads.csv', env)).toBe('out/leads.csv.part.checkpoint.json');
    const a = checkpointFile(req, null, env);
    expect(a).toMatch(/^\/data\/exports\/lst_1-[0-9a-f]{16}\.json$/);
    expect(checkpointFile({ ...req, columns: ['phone'] }, null, env)).not.toBe(a);
    expect(checkpointFile({ ...req, format: 'ndjson' }, null, env)).not.toBe(a);
  });
});

describe('output files', () => {
  it('are named after the list in safe characters', () => {
    expect(fileNameFor('Q3 CTOs', 'csv')).toBe('Q3-CTOs.csv');
    expect(fileNameFor('Équipe / Ventes (FR)', 'csv')).toBe('Equipe-Ventes-FR.csv');
    expect(fileNameFor('../..', 'csv')).toBe('export.csv');
  });

  it('sizes read as people read them', () => {
    expect([formatBytes(999), formatBytes(1500), formatBytes(26_766_363)]).toEqual(['999 B', '1.5 kB', '27 MB']);
  });
});
