import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readCsv, sniffDelimiter } from '../../src/cli/cmdutil/csv-read.js';
import { canIdentifyLeads, mapHeaders, parseMapFlags } from '../../src/cli/cmdutil/header-map.js';
import { base64Length, ChunkBuilder, chunkKey, csvLine } from '../../src/commands/import/shared/chunks.js';
import { CSV_IMPORT_LIMITS } from '../../src/api/schemas/values/lists.js';
import { ImportTally } from '../../src/commands/import/shared/tally.js';
import { tempDir } from '../helpers/temp-dir.js';
import { CliError } from '../../src/cli/errors.js';

const base = tempDir();
const dir = () => base;

async function records(content: string | Buffer) {
  const file = path.join(dir(), `f${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, content);
  const out = [];
  for await (const r of readCsv(file)) out.push({ row: r.row, fields: r.fields });
  return out;
}

describe('reading CSV', () => {
  it('sniffs comma, semicolon and tab, ignoring delimiters inside quotes', () => {
    expect(sniffDelimiter('a,b,c')).toBe(',');
    expect(sniffDelimiter('a;b;c')).toBe(';');
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('"x,y,z";b;c')).toBe(';');
    expect(sniffDelimiter('single')).toBe(',');
  });

  it('drops a BOM, reads CRLF and quoted newlines, numbers records (not lines) from the header = 1', async () => {
    const rows = await records('\ufeffName;Email\r\n"Ann\r\nLee";a@x.com\r\nBob;"b;@x.com"\r\n\r\nCid;c@x.com\r\n');
    expect(rows).toEqual([
      { row: 1, fields: ['Name', 'Email'] },
      { row: 2, fields: ['Ann\r\nLee', 'a@x.com'] },
      { row: 3, fields: ['Bob', 'b;@x.com'] },
      { row: 4, fields: ['Cid', 'c@x.com'] },
    ]);
  });

  it('keeps UTF-8 text and reports a row with a Latin-1 byte as not UTF-8', async () => {
    const rows = await records(Buffer.concat([Buffer.from('n,t\nJosé,Zoë\nJos'), Buffer.from([0xe9]), Buffer.from(',x\nok,ü\n')]));
    expect(rows.map((r) => r.fields)).toEqual([['n', 't'], ['José', 'Zoë'], null, ['ok', 'ü']]);
    expect(rows[2]!.row).toBe(3);
  });

  it('a missing file is a usage error naming it', async () => {
    const gen = readCsv(path.join(dir(), 'nope.csv'));
    await expect(gen.next()).rejects.toThrow(/nope\.csv: no such file/);
  });
});

describe('mapping headers', () => {
  it('maps the usual spellings onto the canonical fields', () => {
    const headers = [
      'First Name',
      'Surname',
      'E-mail',
      'Company',
      'Website',
      'LinkedIn',
      'Mobile',
      'Job Title',
      'Town',
      'Province',
      'Country',
      'Direct Dial',
      'Telephone',
      'Full Name',
      'Notes',
    ];
    const { mapping, unmapped } = mapHeaders(headers);
    expect(mapping).toEqual({
      first_name: 'First Name',
      last_name: 'Surname',
      email: 'E-mail',
      company_name: 'Company',
      company_domain: 'Website',
      linkedin_url: 'LinkedIn',
      mobile_phone: 'Mobile',
      job_title: 'Job Title',
      city: 'Town',
      state: 'Province',
      country: 'Country',
      work_phone: 'Direct Dial',
      phone: 'Telephone',
      full_name: 'Full Name',
    });
    expect(unmapped).toEqual(['Notes']);
    expect(mapHeaders(['first_name', 'GIVEN NAME', 'e_mail_address']).mapping).toEqual({
      first_name: 'first_name',
      email: 'e_mail_address',
    });
  });

  it.each([
    ['first_name', ['First Name', 'first_name', 'firstname', 'Given Name', 'Forename']],
    ['last_name', ['Last Name', 'Surname', 'Family Name']],
    ['full_name', ['Name', 'Full Name', 'Contact Name']],
    ['email', ['E-mail', 'Email Address', 'Work Email']],
    ['phone', ['Phone', 'Phone Number', 'Telephone']],
    ['mobile_phone', ['Mobile', 'Mobile Phone', 'Cell']],
    ['work_phone', ['Work Phone', 'Office Phone', 'Direct Dial']],
    ['linkedin_url', ['LinkedIn', 'LinkedIn URL', 'LinkedIn Profile']],
    ['company_name', ['Company', 'Company Name', 'Organization', 'Account Name']],
    ['company_domain', ['Website', 'Domain', 'Company Domain', 'Company Website']],
    ['job_title', ['Job Title', 'Title', 'Position', 'Role']],
    ['city', ['City', 'Town']],
    ['state', ['State', 'Region', 'Province']],
    ['country', ['Country']],
  ])('maps every usual spelling of %s', (field, spellings) => {
    for (const h of spellings) expect(mapHeaders([h]).mapping, h).toEqual({ [field]: h });
  });

  it('a bare URL (a profile in one export, a website in another) is left for --map', () => {
    expect(mapHeaders(['URL', 'Email']).unmapped).toEqual(['URL']);
  });

  it('--map overrides the automatic choice; unknown fields and headers are usage errors', () => {
    const headers = ['Email', 'Work Email'];
    const m = mapHeaders(headers, parseMapFlags(['email=Work Email'], headers));
    expect(m.mapping).toEqual({ email: 'Work Email' });
    expect(m.unmapped).toEqual(['Email']);
    expect(() => parseMapFlags(['emial=Email'], headers)).toThrow(/unknown field "emial" \(did you mean email\?\)/);
    expect(() => parseMapFlags(['email=Mail'], headers)).toThrow(CliError);
    expect(() => parseMapFlags(['email'], headers)).toThrow(/field=Header/);
  });

  it('knows when the columns cannot identify a lead', () => {
    expect(canIdentifyLeads({ email: 'E' })).toBe(true);
    expect(canIdentifyLeads({ linkedin_url: 'L' })).toBe(true);
    expect(canIdentifyLeads({ full_name: 'N', company_domain: 'D' })).toBe(true);
    expect(canIdentifyLeads({ first_name: 'F', company_name: 'C' })).toBe(false);
    expect(canIdentifyLeads({ job_title: 'T', city: 'C' })).toBe(false);
  });
});

describe('chunks', () => {
  const headers = ['Name', 'Email', 'Notes'];
  const mapping = { full_name: 'Name', email: 'Email' };

  it('stay under the row and byte limits, carry only mapped columns, and remember file row numbers', () => {
    const b = new ChunkBuilder(headers, mapping, { rows: 3, base64Bytes: 80 });
    const out = [];
    for (let i = 0; i < 8; i++) {
      const r = b.add(i + 2, [`P${i}`, `p${i}@x.com`, 'ignored']);
      if (r.chunk) out.push(r.chunk);
    }
    out.push(b.flush()!);
    expect(out.map((c) => c.rows)).toEqual([
      [2, 3, 4],
      [5, 6, 7],
      [8, 9],
    ]);
    expect(out[0]!.csv).toBe('Name,Email\nP0,p0@x.com\nP1,p1@x.com\nP2,p2@x.com\n');
    for (const c of out) expect(Buffer.from(c.csv).toString('base64').length).toBeLessThanOrEqual(80);
    expect(out.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('a row larger than a chunk is skipped as row_too_large; quoting keeps commas and quotes', () => {
    const b = new ChunkBuilder(headers, mapping, { rows: 10, base64Bytes: 40 });
    // 40 base64 characters carry 30 bytes: the 11 of the header and a row of up to 19.
    expect(b.largestRow).toBe(19);
    expect(b.add(2, ['x'.repeat(50), 'a@x.com', '']).skip).toEqual({ row: 2, reason: 'row_too_large' });
    expect(b.add(3, ['x'.repeat(10), 'a@x.co', '']).skip).toBeUndefined();
    expect(csvLine(['a,b', 'say "hi"', 'x\ny'])).toBe('"a,b","say ""hi""","x\ny"\n');
  });

  it('a 600-row file is one chunk at the default limits; the 601st row starts a second', () => {
    const b = new ChunkBuilder(headers, mapping);
    const made = Array.from({ length: 601 }, (_, i) => b.add(i + 2, [`P${i}`, `p${i}@x.com`, '']).chunk).filter(Boolean);
    expect(made.map((c) => c!.rows.length)).toEqual([600]);
    expect(b.flush()!.rows).toEqual([602]);
  });

  it('rows near the byte limit: each chunk fills the request body to within a row of 1 % under 150,000 bytes', () => {
    const wide = ['Name', 'Email', 'Notes'];
    const b = new ChunkBuilder(wide, { full_name: 'Name', email: 'Email', job_title: 'Notes' });
    const chunks = [];
    for (let i = 0; i < 3_000; i++) {
      const r = b.add(i + 2, [`Person ${i}`, `p${i}@example.com`, 'n'.repeat(200 + (i % 50))]);
      if (r.chunk) chunks.push(r.chunk);
    }
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.rows.length).toBeLessThan(600);
      const body = base64Length(c.bytes);
      expect(body).toBeLessThanOrEqual(CSV_IMPORT_LIMITS.requestBytes * 0.99);
      expect(body).toBeGreaterThan(CSV_IMPORT_LIMITS.requestBytes * 0.99 - 1000 - base64Length(300));
    }
  });

  it('idempotency keys are stable and change with the list, mapping, position or content', async () => {
    const c = { index: 0, csv: 'Name,Email\nA,a@x.com\n' };
    const k = await chunkKey('lst_1', mapping, c);
    expect(await chunkKey('lst_1', { email: 'Email', full_name: 'Name' }, c)).toBe(k);
    expect(k).toMatch(/^csv-import-[0-9a-f]{48}$/);
    expect(await chunkKey('lst_2', mapping, c)).not.toBe(k);
    expect(await chunkKey('lst_1', { email: 'Email' }, c)).not.toBe(k);
    expect(await chunkKey('lst_1', mapping, { ...c, index: 1 })).not.toBe(k);
    expect(await chunkKey('lst_1', mapping, { ...c, csv: c.csv + 'B,b@x.com\n' })).not.toBe(k);
  });
});

describe('the summed report', () => {
  it('adds client skips and each chunk, mapping sample rows back to the file', () => {
    const t = new ImportTally();
    t.skipRow({ row: 5, reason: 'invalid_encoding' });
    const chunk = { index: 0, csv: '', rows: [2, 3, 4, 6], bytes: 0 };
    const resp = {
      list_id: 'l',
      rows_parsed: 4,
      rows_imported: 2,
      rows_skipped: 2,
      skip_reasons: { duplicate_email: 1, missing_required: 1 },
      sample_skip_rows: [3, 5],
      workflow_id: null,
      enrichment_status_url: null,
      idempotency_replayed: true,
    };
    t.addChunk(chunk, resp, 'sent');
    expect(t.report('l', 'f.csv')).toMatchObject({
      rows_parsed: 5,
      rows_imported: 2,
      rows_skipped: 3,
      skip_reasons: { invalid_encoding: 1, duplicate_email: 1, missing_required: 1 },
      skipped_rows: [3, 5, 6],
      chunks: 1,
      chunks_replayed: 1,
      chunks_from_checkpoint: 0,
    });
    const { idempotency_replayed: _r, ...earlier } = resp;
    t.addChunk({ ...chunk, index: 1 }, earlier, 'checkpoint');
    expect(t.report('l', 'f.csv')).toMatchObject({ rows_imported: 4, chunks: 2, chunks_replayed: 2, chunks_from_checkpoint: 1 });
  });
});

describe('requests for 100,000 rows', () => {
  const headers = ['First Name', 'Last Name', 'Email', 'Company', 'Website', 'Title', 'Notes'];
  const mapping = {
    first_name: 'First Name',
    last_name: 'Last Name',
    email: 'Email',
    company_name: 'Company',
    company_domain: 'Website',
    job_title: 'Title',
  };
  const ROWS = 100_000;

  /** The chunks of ROWS rows, and the fewest requests the limits allow: whole rows of 600, or the base64 of the whole CSV in bodies of 150,000 bytes. */
  function measure(title: (i: number) => string) {
    const b = new ChunkBuilder(headers, mapping);
    let chunks = 0;
    let csvBytes = Buffer.byteLength(csvLine(Object.values(mapping)));
    for (let i = 0; i < ROWS; i++) {
      const fields = [
        `First${i}`,
        `Last${i}`,
        `p${i}@firm${i % 997}.example`,
        `Firm ${i % 997}, Ltd`,
        `firm${i % 997}.example`,
        title(i),
        'not sent',
      ];
      csvBytes += Buffer.byteLength(csvLine([fields[0]!, fields[1]!, fields[2]!, fields[3]!, fields[4]!, fields[5]!]));
      if (b.add(i + 2, fields).chunk) chunks += 1;
    }
    if (b.flush()) chunks += 1;
    const minimum = Math.max(
      Math.ceil(ROWS / CSV_IMPORT_LIMITS.maxRows),
      Math.ceil(base64Length(csvBytes) / CSV_IMPORT_LIMITS.requestBytes),
    );
    return { chunks, minimum };
  }

  it.each([
    ['short rows (600 rows a request)', (_i: number) => 'VP Sales'],
    ['long rows (the body size decides)', (i: number) => `Head of ${'Regional '.repeat(20 + (i % 7))}Sales`],
  ])('%s: at most 1.03 times the fewest requests', (_name, title) => {
    const { chunks, minimum } = measure(title);
    expect(chunks).toBeLessThanOrEqual(Math.floor(minimum * 1.03));
  });
});
