import type { ColumnMapping } from '../../../cli/cmdutil/header-map.js';
import { splitLastFirst } from '../../../cli/cmdutil/name-split.js';

/**
 * The columns a chunk carries: the mapped columns of the file, in mapping order, and, when the
 * file maps a full name but no first or last name, two more for the chunks holding a name
 * written "Last, First". The service splits a full name at its first space ("Doe, John" would
 * read first name "Doe,"), so such a chunk sends the name in reading order with its first and
 * last name beside it; the rows of other forms leave those two empty and the service splits
 * them as usual. Chunks without such a name keep the file's columns only.
 */
export interface ChunkColumns {
  header(split: boolean): string[];
  values(fields: readonly string[], split: boolean): string[];
  /** Whether this row's full name is in "Last, First" form and the file has no name parts to use instead. */
  needsSplit(fields: readonly string[]): boolean;
  /** The column_mapping of a chunk with the split columns or without. */
  mapping(split: boolean): ColumnMapping;
}

/** The mapping of a chunk carrying the split name columns (the larger of the two a file can need). */
export function splitMapping(mapping: ColumnMapping): ColumnMapping {
  if (mapping.full_name === undefined || mapping.first_name !== undefined || mapping.last_name !== undefined) return mapping;
  const used = new Set(Object.values(mapping));
  const free = (name: string) => {
    let h = name;
    while (used.has(h)) h += '_';
    used.add(h);
    return h;
  };
  return { ...mapping, first_name: free(`${mapping.full_name} (first name)`), last_name: free(`${mapping.full_name} (last name)`) };
}

export function chunkColumns(headers: readonly string[], mapping: ColumnMapping): ChunkColumns {
  const mapped: string[] = Object.values(mapping);
  const at = mapped.map((h) => headers.indexOf(h));
  const split = splitMapping(mapping);
  const nameAt = split === mapping ? -1 : headers.indexOf(mapping.full_name!);
  const nameColumn = mapped.indexOf(mapping.full_name!);
  return {
    header: (s) => (s ? [...mapped, split.first_name!, split.last_name!] : mapped),
    values(fields, s) {
      const values = at.map((i) => fields[i] ?? '');
      if (!s) return values;
      const name = splitLastFirst(fields[nameAt] ?? '');
      if (name) values[nameColumn] = name.full;
      return [...values, name?.first ?? '', name?.last ?? ''];
    },
    needsSplit: (fields) => nameAt >= 0 && splitLastFirst(fields[nameAt] ?? '') !== null,
    mapping: (s) => (s ? split : mapping),
  };
}
