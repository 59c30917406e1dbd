import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mapHeaders, matchHeader } from '../../src/cli/cmdutil/header-map.js';

interface CorpusFile {
  tool: string;
  kind: string;
  export: string;
  source: string;
  headers: Array<{ header: string; expected: string | null }>;
}
const corpus = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/csv-headers/corpus.json', import.meta.url)), 'utf8')) as {
  files: CorpusFile[];
};

/** What mapping a file's whole header row gives each of its headers (null: unmapped). */
function mappedAs(file: CorpusFile): Map<string, string | null> {
  const { mapping } = mapHeaders(file.headers.map((h) => h.header));
  const byHeader = new Map<string, string | null>(file.headers.map((h) => [h.header, null]));
  for (const [field, header] of Object.entries(mapping)) byHeader.set(header, field);
  return byHeader;
}

describe('header corpus: real export headers of CRMs, prospecting tools and contact managers', () => {
  it('holds at least 150 headers from at least 8 tools, each file with its source', () => {
    const tools = new Set(corpus.files.map((f) => f.tool));
    const unique = new Set(corpus.files.flatMap((f) => f.headers.map((h) => `${f.tool}\u0000${h.header}`)));
    expect(tools.size).toBeGreaterThanOrEqual(8);
    expect(unique.size).toBeGreaterThanOrEqual(150);
    for (const f of corpus.files) {
      expect(f.source.length, f.export).toBeGreaterThan(20);
      expect(new Set(f.headers.map((h) => h.header)).size, `${f.tool}: ${f.export} repeats a header`).toBe(f.headers.length);
    }
  });

  it.each(corpus.files.map((f) => [`${f.tool}: ${f.export}`, f] as const))('%s maps as expected, header by header', (_, file) => {
    const got = mappedAs(file);
    const wrong = file.headers
      .filter((h) => got.get(h.header) !== h.expected)
      .map((h) => `${h.header}: expected ${h.expected}, got ${got.get(h.header)}`);
    expect(wrong).toEqual([]);
  });

  it('company-level columns never map to a person field, alone or in their file', () => {
    const company = /\b(company|organi[sz]ation|account|corporate|billing|main)\b/i;
    const personFields = new Set([
      'first_name',
      'last_name',
      'full_name',
      'email',
      'phone',
      'mobile_phone',
      'work_phone',
      'linkedin_url',
      'city',
      'state',
      'country',
    ]);
    const traps = corpus.files.flatMap((f) =>
      f.headers.filter((h) => company.test(h.header.replace(/([a-z])([A-Z])/g, '$1 $2'))).map((h) => h.header),
    );
    expect(traps.length).toBeGreaterThanOrEqual(20);
    for (const h of traps) {
      const m = matchHeader(h);
      expect(m.field === null || !personFields.has(m.field), h).toBe(true);
    }
  });
});
