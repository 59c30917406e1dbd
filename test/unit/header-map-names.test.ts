import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { splitLastFirst } from '../../src/cli/cmdutil/name-split.js';
import { ChunkBuilder, type Chunk } from '../../src/commands/import/shared/chunks.js';

describe('"Last, First" full names', () => {
  it.each([
    ['Doe, John', { first: 'John', last: 'Doe', full: 'John Doe' }],
    ['van der Berg,  Mary Ann', { first: 'Mary Ann', last: 'van der Berg', full: 'Mary Ann van der Berg' }],
    ['Smith, Adam, Jr.', { first: 'Adam', last: 'Smith', full: 'Adam Smith, Jr.' }],
    ["O'Neil,Sean", { first: 'Sean', last: "O'Neil", full: "Sean O'Neil" }],
  ])('%s is split', (value, parts) => {
    expect(splitLastFirst(value)).toEqual(parts);
  });

  it.each(['John Doe', 'John Doe, Jr.', 'Jane Roe, PhD', 'Acme, Inc.', 'Doe,', ', John', 'a, b, c', ''])('%s is left as it is', (value) => {
    expect(splitLastFirst(value)).toBeNull();
  });
});

describe('chunks of a file that maps a full name only', () => {
  const build = (rows: string[][], limits = { rows: 600, base64Bytes: 100_000 }) => {
    const b = new ChunkBuilder(['Name', 'Email'], { full_name: 'Name', email: 'Email' }, limits);
    const chunks: Chunk[] = [];
    rows.forEach((fields, i) => {
      const r = b.add(i + 2, fields);
      if (r.chunk) chunks.push(r.chunk);
    });
    const last = b.flush();
    if (last) chunks.push(last);
    return chunks;
  };

  it('a chunk with a "Last, First" name sends the name in reading order with its parts, and the mapping of those columns', () => {
    const [chunk, ...rest] = build([
      ['Jane Roe', 'jane@roe.example'],
      ['Doe, John', 'john@doe.example'],
    ]);
    expect(rest).toEqual([]);
    expect(parse(chunk!.csv)).toEqual([
      ['Name', 'Email', 'Name (first name)', 'Name (last name)'],
      ['Jane Roe', 'jane@roe.example', '', ''],
      ['John Doe', 'john@doe.example', 'John', 'Doe'],
    ]);
    expect(chunk!.mapping).toEqual({ full_name: 'Name', email: 'Email', first_name: 'Name (first name)', last_name: 'Name (last name)' });
    expect(chunk!.bytes).toBe(Buffer.byteLength(chunk!.csv));
  });

  it('a chunk without one keeps the file’s columns and mapping', () => {
    const [chunk] = build([['Jane Roe', 'jane@roe.example']]);
    expect(chunk!.csv).toBe('Name,Email\nJane Roe,jane@roe.example\n');
    expect(chunk!.mapping).toBeUndefined();
  });

  it('a file that maps first and last names too sends its full names as they are', () => {
    const b = new ChunkBuilder(['Name', 'First', 'Last'], { full_name: 'Name', first_name: 'First', last_name: 'Last' });
    b.add(2, ['Doe, John', 'John', 'Doe']);
    expect(b.flush()!.csv).toBe('Name,First,Last\n"Doe, John",John,Doe\n');
  });
});
