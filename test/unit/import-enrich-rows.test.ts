import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  enrichmentByRow,
  notEnrichedText,
  rowEnrichment,
  addRowsToEnrich,
  noRowsToEnrich,
  mostCost,
} from '../../src/workflows/import/enrich-rows.js';
import { splitCsvForEnrichment } from '../../src/workflows/import/split-csv.js';

const headers = ['Name', 'E-mail', 'Tel', 'Cell', 'Office'];
const mapping = { full_name: 'Name', email: 'E-mail', phone: 'Tel', mobile_phone: 'Cell', work_phone: 'Office' };
const rows = [
  ['Both', 'a@x.com', '+1', '', ''],
  ['Email only', 'b@x.com', '', '', ''],
  ['Mobile only', '', '', '+2', ''],
  ['Office only', '  ', '', '', '+3'],
  ['Neither', '', ' ', '', ''],
];

describe('which rows an import enriches', () => {
  it('a row holding what the type finds needs nothing; with full, a row holding one part needs the other', () => {
    expect(rowEnrichment({ email: 'a@x.com', phone: null }, 'partial')).toBeNull();
    expect(rowEnrichment({ email: null, phone: '+1' }, 'partial')).toBe('partial');
    expect(rowEnrichment({ email: null, phone: '+1' }, 'phone_only')).toBeNull();
    expect(rowEnrichment({ email: 'a@x.com', phone: null }, 'full')).toBe('phone_only');
    expect(rowEnrichment({ email: null, phone: '+1' }, 'full')).toBe('partial');
    expect(rowEnrichment({ email: null, phone: null }, 'full')).toBe('full');
    expect(rowEnrichment({ email: 'a@x.com', phone: '+1' }, 'full')).toBeNull();
  });

  it('groups the rows, free first, judged by their mapped values (blank is absent; any phone column holds a phone)', () => {
    expect(enrichmentByRow({ headers, rows, mapping }, 'partial')).toEqual({
      groups: [
        { enrichment: null, rows: [0, 1] },
        { enrichment: 'partial', rows: [2, 3, 4] },
      ],
      skipped: { has_email: 2 },
    });
    expect(enrichmentByRow({ headers, rows, mapping }, 'phone_only')).toEqual({
      groups: [
        { enrichment: null, rows: [0, 2, 3] },
        { enrichment: 'phone_only', rows: [1, 4] },
      ],
      skipped: { has_phone: 3 },
    });
    expect(enrichmentByRow({ headers, rows, mapping }, 'full')).toEqual({
      groups: [
        { enrichment: null, rows: [0] },
        { enrichment: 'partial', rows: [2, 3] },
        { enrichment: 'phone_only', rows: [1] },
        { enrichment: 'full', rows: [4] },
      ],
      skipped: { has_email_and_phone: 1 },
    });
  });

  it('--all-rows (allRows): one group of every row with the type asked; nothing held: the same', () => {
    expect(enrichmentByRow({ headers, rows, mapping }, 'full', { allRows: true })).toEqual({
      groups: [{ enrichment: 'full', rows: [0, 1, 2, 3, 4] }],
      skipped: {},
    });
    expect(enrichmentByRow({ headers, rows: [rows[4]!], mapping }, 'partial')).toEqual({
      groups: [{ enrichment: 'partial', rows: [0] }],
      skipped: {},
    });
  });

  it('finds a mapped header as the service does: trimmed, in any case', () => {
    const r = enrichmentByRow(
      {
        headers: [' name ', 'e-MAIL'],
        rows: [
          ['A', 'a@x.com'],
          ['B', ''],
        ],
        mapping: { full_name: 'Name', email: 'E-mail' },
      },
      'partial',
    );
    expect(r.skipped).toEqual({ has_email: 1 });
  });

  it('sums and says what is left out, and what the rest may cost', () => {
    const total = noRowsToEnrich('full');
    for (const part of [rows.slice(0, 3), rows.slice(3)]) {
      const { groups, skipped } = enrichmentByRow({ headers, rows: part, mapping }, 'full');
      addRowsToEnrich(
        total,
        groups.map((g) => ({ enrichment: g.enrichment, rows: g.rows.length })),
        skipped,
      );
    }
    expect(total).toEqual({ type: 'full', rows_by_type: { partial: 2, phone_only: 1, full: 1 }, skipped: { has_email_and_phone: 1 } });
    expect(mostCost(total)).toBe(2 * 1 + 10 + 11);
    expect(notEnrichedText(total, '--all-rows')).toBe(
      '1 row already has an email and a phone, not enriched (--all-rows enriches them too); 1 row with an email gets the phone alone (phone_only); 2 rows with a phone get the email alone (partial)',
    );
  });
});

describe('a CSV cut into requests (the SDK and the MCP tool)', () => {
  it('keeps each record as written (delimiter, quotes, line breaks inside quotes) under the header, numbered as in the whole CSV', () => {
    const csv = '\ufeffName;Email;Note\r\n"Lee; Ann";a@x.com;"two\r\nlines"\r\n\r\nBo;;"say ""hi"""\r\nCy;c@x.com;x\r\n';
    const { parts, skipped, planned } = splitCsvForEnrichment(csv, { full_name: 'Name', email: 'Email' }, 'partial');
    expect(skipped).toEqual({ has_email: 2 });
    expect(planned).toEqual({ type: 'partial', rows_by_type: { partial: 1 }, skipped: { has_email: 2 } });
    expect(parts).toEqual([
      { enrichment: null, csv: 'Name;Email;Note\n"Lee; Ann";a@x.com;"two\r\nlines"\nCy;c@x.com;x\n', rows: [2, 4] },
      { enrichment: 'partial', csv: 'Name;Email;Note\nBo;;"say ""hi"""\n', rows: [3] },
    ]);
    // The service reads each part's rows as it reads them in the whole CSV.
    const read = (text: string) =>
      parse(text.replace(/^\ufeff/, ''), { delimiter: ';', relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
    const whole = read(csv);
    for (const p of parts) expect(read(p.csv).slice(1)).toEqual(p.rows.map((n) => whole[n - 1]));
  });

  it('a CSV needing one request comes back as given', () => {
    const csv = 'Name,Email\nAnn,\nBo,\n';
    expect(splitCsvForEnrichment(csv, { full_name: 'Name', email: 'Email' }, 'partial')).toMatchObject({
      parts: [{ enrichment: 'partial', csv, rows: [2, 3] }],
      skipped: {},
    });
    const held = 'Name,Email\nAnn,a@x.com\n';
    expect(splitCsvForEnrichment(held, { full_name: 'Name', email: 'Email' }, 'partial')).toMatchObject({
      parts: [{ enrichment: null, csv: held, rows: [2] }],
      skipped: { has_email: 1 },
    });
  });
});
