import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { intInRange, nonNegativeNumber, oneOf } from '../../src/cli/parse.js';
import { isCliError } from '../../src/cli/errors.js';
import { ExitCode } from '../../src/cli/exit-codes.js';
import { gather, splitBands } from '../../src/cli/cmdutil/split-values.js';
import { mapHeaders, normalizeHeader, parseMapFlags, type ColumnMapping } from '../../src/cli/cmdutil/header-map.js';
import { chunkLimitsFor, ChunkBuilder, type Chunk, type ChunkLimits, type ClientSkip } from '../../src/commands/import/shared/chunks.js';
import { chunkColumns } from '../../src/commands/import/shared/chunk-columns.js';
import { CANONICAL_FIELDS, CSV_IMPORT_LIMITS, type CanonicalField } from '../../src/api/schemas/values/lists.js';
import { HEADCOUNT_BANDS } from '../../src/api/schemas/values/search.js';

/** The value a parser returns, or the usage error it throws (anything else fails the property). */
function outcome<T>(f: () => T): { value: T } | { usage: string } {
  try {
    return { value: f() };
  } catch (e) {
    if (isCliError(e) && e.exitCode === ExitCode.USAGE) return { usage: e.message };
    throw e;
  }
}

describe('flag values (src/cli/parse.ts)', () => {
  const range = fc
    .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }))
    .map(([min, span]) => ({ min, max: min + span }));

  it('intInRange takes every whole number of its range, written with spaces or leading zeros', () => {
    fc.assert(
      fc.property(
        range,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('', '0', '00'),
        fc.constantFrom('', ' ', '\t'),
        ({ min, max }, at, zeros, pad) => {
          const n = Math.round(min + (max - min) * at);
          const written = `${n < 0 ? '-' : ''}${zeros}${Math.abs(n)}`;
          expect(intInRange('--n', min, max)(`${pad}${written}${pad}`)).toBe(n === 0 ? 0 : n);
        },
      ),
    );
  });

  it('intInRange refuses, as a usage error naming the flag, every number outside its range and everything else', () => {
    fc.assert(
      fc.property(range, fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String)), ({ min, max }, raw) => {
        const r = outcome(() => intInRange('--n', min, max)(raw));
        if ('value' in r) {
          expect(raw.trim()).toMatch(/^-?\d+$/);
          expect(r.value).toBe(Number(raw));
          expect(r.value).toBeGreaterThanOrEqual(min);
          expect(r.value).toBeLessThanOrEqual(max);
        } else expect(r.usage).toMatch(/^--n must be /);
      }),
    );
  });

  it('nonNegativeNumber returns a finite number of 0 or more, or a usage error: never NaN, Infinity or a negative', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom('Infinity', '-0', '1e309', '0x10', ' ', '-1e-9')),
        (raw) => {
          const r = outcome(() => nonNegativeNumber('--max-cost')(raw));
          if ('value' in r) {
            expect(Number.isFinite(r.value)).toBe(true);
            expect(r.value).toBeGreaterThanOrEqual(0);
          } else expect(r.usage).toContain('--max-cost must be a number of 0 or more');
        },
      ),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (n) => {
        expect(nonNegativeNumber('--x')(String(n))).toBe(n + 0);
      }),
    );
  });

  it('oneOf returns each allowed value as it is and refuses anything else, naming the value', () => {
    const word = fc.stringMatching(/^[a-z][a-z_-]{0,11}$/);
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 8 }), fc.string(), (values, raw) => {
        const parseValue = oneOf('--type', values);
        for (const v of values) expect(parseValue(v)).toBe(v);
        const r = outcome(() => parseValue(raw));
        if ('value' in r) expect(values).toContain(raw);
        else expect(r.usage).toBe(`--type does not accept "${raw}"`);
      }),
    );
  });
});

describe('filter flag values (src/cli/cmdutil/split-values.ts)', () => {
  const noComma = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes(',') && s.trim() !== '');

  it('comma mode: any values joined with commas (and spaces) split back into the same values', () => {
    fc.assert(
      fc.property(fc.array(noComma, { minLength: 1, maxLength: 20 }), fc.constantFrom(',', ', ', ' ,'), (values, sep) => {
        expect(gather('comma')(values.join(sep), undefined)).toEqual(values.map((v) => v.trim()));
      }),
    );
  });

  it('repeating a flag gathers every occurrence in order, in every mode', () => {
    fc.assert(
      fc.property(fc.constantFrom('comma', 'literal', 'band'), fc.array(noComma, { minLength: 1, maxLength: 10 }), (mode, occurrences) => {
        const parseFlag = gather(mode);
        const all = occurrences.reduce<unknown>((prev, raw) => parseFlag(raw, prev), undefined);
        expect(all).toEqual(occurrences.flatMap((raw) => parseFlag(raw, undefined)));
      }),
    );
  });

  it('literal mode keeps a value whole, commas included ("Austin, Texas, United States")', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== ''),
        (v) => {
          expect(gather('literal')(v, undefined)).toEqual([v.trim()]);
        },
      ),
    );
  });

  /**
   * Bands as lists name them: the service's own (with thousands separators) and ranges written without
   * separators, in any order. (Arbitrary ranges with separators can read two ways: "6-100,099,100,100-200,000"
   * is 6-100,099 and 100,100-200,000, or 6-100,099,100 and 100-200,000.)
   */
  const band = fc.oneof(
    fc.constantFrom(...HEADCOUNT_BANDS),
    fc.tuple(fc.integer({ min: 1, max: 2_000_000_000 }), fc.nat(1_000_000)).map(([a, span]) => `${a}-${a + span}`),
    fc.integer({ min: 1, max: 2_000_000_000 }).map((a) => `${a}+`),
  );
  const bands = fc.array(band, { minLength: 1, maxLength: 12 });

  it("band mode: the service's bands and other ranges, joined with commas, split back into the same bands", () => {
    fc.assert(
      fc.property(bands, fc.constantFrom(',', ', ', ',,'), (list, sep) => {
        expect(splitBands(list.join(sep))).toEqual(list);
      }),
      { numRuns: 1000 },
    );
    // The service's own bands, in any order: each its own value ("51-200,201-500" is two bands).
    fc.assert(
      fc.property(fc.shuffledSubarray([...HEADCOUNT_BANDS], { minLength: 1 }), (list) => {
        expect(splitBands(list.join(','))).toEqual(list);
      }),
    );
  });

  it('band mode: a list of 5,000 parts splits in linear time', () => {
    const parts = Array.from({ length: 5000 }, (_, i) => `x${i}`);
    expect(splitBands(parts.join(','))).toEqual(parts);
  });
});

describe('CSV header mapping (src/cli/cmdutil/header-map.ts)', () => {
  /** A field's name as a spreadsheet might spell it: any case, words joined by spaces, dashes, dots or nothing, padded. */
  const spelling = (field: CanonicalField) =>
    fc
      .tuple(
        fc.constantFrom(' ', '_', '-', '.', '', '  '),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        fc.constantFrom('', ' ', '\t'),
      )
      .map(([sep, upper, pad]) => {
        const joined = field.split('_').join(sep);
        return pad + [...joined].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('') + pad;
      });
  const knownHeaders = fc
    .shuffledSubarray([...CANONICAL_FIELDS], { minLength: 1 })
    .chain((fields) => fc.tuple(fc.constant(fields), fc.tuple(...fields.map(spelling))));
  /** Headers no alias can be: every alias starts otherwise. */
  const unknownHeader = fc
    .tuple(fc.constantFrom('Notes', 'Custom', 'Internal id', 'zz'), fc.string({ maxLength: 12 }))
    .map(([a, b]) => `${a} ${b}`);

  it('any permutation, case and spacing of known headers maps each field to its column', () => {
    fc.assert(
      fc.property(knownHeaders, ([fields, headers]) => {
        const { mapping, unmapped } = mapHeaders(headers);
        const expected: ColumnMapping = {};
        fields.forEach((f, i) => (expected[f] = headers[i]));
        expect(mapping).toEqual(expected);
        expect(unmapped).toEqual([]);
      }),
    );
  });

  it('unknown headers never map to a field, wherever they stand', () => {
    fc.assert(
      fc.property(knownHeaders, fc.array(unknownHeader, { maxLength: 5 }), fc.nat(), ([fields, headers], unknown, seed) => {
        const all = [...headers];
        unknown.forEach((u, i) => all.splice((seed + i) % (all.length + 1), 0, u));
        const { mapping, unmapped } = mapHeaders(all);
        expect(Object.keys(mapping).sort()).toEqual([...fields].sort());
        for (const u of unknown) {
          expect(Object.values(mapping)).not.toContain(u);
          expect(unmapped).toContain(u);
        }
      }),
    );
  });

  it('no two fields take one column and no field takes two, also with repeated headers and --map overrides', () => {
    const anyHeader = fc.oneof(
      fc.constantFrom(...CANONICAL_FIELDS).chain(spelling),
      unknownHeader,
      fc.constantFrom('Email', 'E-mail', 'Work Email', 'Company', 'Website', 'Name', 'Title', 'Phone', 'Mobile'),
    );
    fc.assert(
      fc.property(
        fc.array(anyHeader, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.constantFrom(...CANONICAL_FIELDS), fc.nat()), { maxLength: 3 }),
        (headers, picks) => {
          const flags = picks.map(([field, i]) => `${field}=${headers[i % headers.length]}`);
          const overrides = parseMapFlags(flags, headers);
          const { mapping, unmapped } = mapHeaders(headers, overrides);
          const columns: string[] = Object.values(mapping);
          // One column per field (a record), and each column under at most one field, except where --map named it twice.
          const fromFlags: string[] = Object.values(overrides);
          const auto = columns.filter((c) => !fromFlags.includes(c));
          expect(new Set(auto).size).toBe(auto.length);
          for (const [field, header] of Object.entries(overrides)) expect(mapping[field as CanonicalField]).toBe(header);
          for (const c of columns) {
            expect(headers).toContain(c);
            expect(unmapped).not.toContain(c);
          }
          // An automatically mapped column's spelling is the field's or an alias: never an unknown header.
          for (const c of auto) expect(normalizeHeader(c)).not.toMatch(/^(notes|custom|internalid|zz)/);
        },
      ),
    );
  });
});

describe('import chunks (src/commands/import/shared/chunks.ts)', () => {
  const field = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('', 'a,b', 'say "hi"', 'line\nbreak', 'cr\r\nlf', 'Zoë Müller', '=1+2'),
    fc.string({ minLength: 100, maxLength: 400 }),
  );

  interface Built {
    chunks: Chunk[];
    skips: ClientSkip[];
  }

  function build(headers: string[], mapping: ColumnMapping, rows: string[][], limits?: ChunkLimits): Built {
    const b = new ChunkBuilder(headers, mapping, limits);
    const out: Built = { chunks: [], skips: [] };
    rows.forEach((fields, i) => {
      const r = b.add(i + 2, fields);
      if (r.chunk) out.chunks.push(r.chunk);
      if (r.skip) out.skips.push(r.skip);
    });
    const last = b.flush();
    if (last) out.chunks.push(last);
    return out;
  }

  /** A file: 1 to 6 columns, some mapped to fields, and rows of that width. */
  const file = (maxRows: number) =>
    fc.integer({ min: 1, max: 6 }).chain((width) =>
      fc.record({
        headers: fc.constant(Array.from({ length: width }, (_, i) => `Column ${i}`)),
        fields: fc.shuffledSubarray([...CANONICAL_FIELDS], { minLength: 1, maxLength: width }),
        rows: fc.array(fc.array(field, { minLength: width, maxLength: width }), { maxLength: maxRows }),
      }),
    );
  const mappingOf = (headers: string[], fields: CanonicalField[]): ColumnMapping =>
    Object.fromEntries(fields.map((f, i) => [f, headers[i]]));

  function checkCover(
    { chunks, skips }: Built,
    rows: number,
    headers: string[],
    mapping: ColumnMapping,
    data: string[][],
    limits: ChunkLimits,
  ) {
    const columns = chunkColumns(headers, mapping);
    // Every row exactly once, in order: sent in a chunk or skipped.
    const sent = chunks.flatMap((c) => c.rows);
    expect([...sent, ...skips.map((s) => s.row)].sort((a, b) => a - b)).toEqual(Array.from({ length: rows }, (_, i) => i + 2));
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    for (const c of chunks) {
      expect(c.rows.length).toBeGreaterThan(0);
      expect(c.rows.length).toBeLessThanOrEqual(limits.rows);
      expect(c.bytes).toBe(Buffer.byteLength(c.csv));
      expect(Buffer.from(c.csv).toString('base64').length).toBeLessThanOrEqual(limits.base64Bytes);
      // The chunk reads back as the mapped columns of its rows (with the split name columns when it has a "Last, First" name).
      const records = parse(c.csv, { relax_column_count: false });
      const split = c.mapping !== undefined;
      expect(records[0]).toEqual(columns.header(split));
      expect(records.slice(1)).toEqual(c.rows.map((r) => columns.values(data[r - 2]!, split)));
    }
    // Each chunk but the last is full: its rows and the next chunk's first row do not make one chunk.
    for (const [i, c] of chunks.slice(0, -1).entries()) {
      const again = build(
        headers,
        mapping,
        [...c.rows, chunks[i + 1]!.rows[0]!].map((r) => data[r - 2]!),
        limits,
      );
      expect(again.chunks.length).toBeGreaterThan(1);
    }
    for (const s of skips) expect(s.reason).toBe('row_too_large');
  }

  it('small limits: chunks cover every row once, in order, each full and within its row and byte limits, and read back as sent', () => {
    fc.assert(
      fc.property(
        file(40),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 80, max: 1600 }),
        ({ headers, fields, rows }, maxRows, base64Bytes) => {
          const limits = { rows: maxRows, base64Bytes };
          const mapping = mappingOf(headers, fields);
          const built = build(headers, mapping, rows, limits);
          checkCover(built, rows.length, headers, mapping, rows, limits);
          // A row is skipped only when it alone (with the header) is over the byte limit.
          for (const s of built.skips) {
            const alone = build(headers, mapping, [rows[s.row - 2]!], limits);
            expect(alone.chunks).toEqual([]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the default limits: 600 rows, and a whole request body (CSV in base64, mapping, key, quote) 1 % under 150,000 bytes (the smaller reading of the spec's 150 KB)", () => {
    fc.assert(
      fc.property(file(1500), ({ headers, fields, rows }) => {
        const mapping = mappingOf(headers, fields);
        const limits = chunkLimitsFor(mapping);
        expect(limits.rows).toBe(CSV_IMPORT_LIMITS.maxRows);
        const built = build(headers, mapping, rows);
        checkCover(built, rows.length, headers, mapping, rows, limits);
        for (const c of built.chunks) {
          const body = {
            csv_content_base64: Buffer.from(c.csv).toString('base64'),
            column_mapping: c.mapping ?? mapping,
            idempotency_key: `csv-import-${'f'.repeat(48)}`,
            dispatch_enrichment: true,
            enrichment_type: 'phone_only',
            quote_id: `q_${'x'.repeat(200)}`,
          };
          expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(CSV_IMPORT_LIMITS.requestBytes * 0.99);
        }
      }),
      { numRuns: 15 },
    );
  });
});
