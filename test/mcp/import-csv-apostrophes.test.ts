import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { callTool, structuredOf, textOf, useMcpSandbox } from './helpers.js';

/**
 * Issue 40, round trip: lists_import_csv takes off the apostrophe `export csv` puts before a
 * cell starting with =, +, - or @, as `prospect import` and the SDK do; keep_apostrophes: true
 * sends cells as written.
 */
const t = useMcpSandbox();

const CSV = 'first_name,email,title,phone\n' + `Ada,ada@a.example,'=1+1,'+1 512 000 0000\n` + `Alan,alan@b.example,'@home,\n`;
const column_mapping = { first_name: 'first_name', email: 'email', job_title: 'title', phone: 'phone' };

describe('lists_import_csv undoes the export\u2019s formula apostrophe', () => {
  it('stores the values as they were before the export; keep_apostrophes: true keeps them', async () => {
    const dir = tempDir('mcp-apostrophes-');
    writeFileSync(path.join(dir, 'export.csv'), CSV);
    const s = await t.session({ cwd: dir });
    const titles = async (keep: boolean) => {
      const list_id = await t.seededList(`Copy ${keep}`, 0);
      const r = await callTool(s, 'lists_import_csv', {
        list_id,
        file: 'export.csv',
        column_mapping,
        dispatch_enrichment: false,
        ...(keep ? { keep_apostrophes: true } : {}),
      });
      expect(r.isError, textOf(r)).toBeFalsy();
      const leads = structuredOf(await callTool(s, 'lists_leads', { list_id, limit: 100, fields: ['first_name', 'title', 'phone'] }))
        .leads as Array<Record<string, string | null>>;
      return Object.fromEntries(leads.map((l) => [l.first_name, [l.title, l.phone]]));
    };
    expect(await titles(false)).toEqual({ Ada: ['=1+1', '+1 512 000 0000'], Alan: ['@home', null] });
    expect(await titles(true)).toEqual({ Ada: ["'=1+1", "'+1 512 000 0000"], Alan: ["'@home", null] });
  });
});
