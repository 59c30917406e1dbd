import type { EnrichmentType } from '../../../api/schemas/values/credits.js';
import { csvLine, csvPartsOf, type CsvPart } from '../../../workflows/import/csv-parts.js';
import { enrichmentByRow } from '../../../workflows/import/enrich-rows.js';
import type { Chunk } from './chunks.js';
import type { ColumnMapping } from '../../../cli/cmdutil/header-map.js';

/**
 * The requests a chunk goes in. Without --enrich, or when every row needs the enrichment asked,
 * one: the whole chunk, keyed as a chunk always was. Otherwise the rows that hold what the
 * enrichment finds go in a request of their own without enrichment (free), and the others in one
 * request per enrichment type they need (enrichmentByRow, the rule every face follows).
 */

/** The option that enriches rows holding what the enrichment finds too, as the CLI spells it. */
export const ALL_ROWS_FLAG = '--all-rows';

/** A request's rows (`rows`: the file's record numbers) and its enrichment (null: none, free). */
export interface ChunkPart extends CsvPart {
  /** The whole chunk with the import's own enrichment (or none): its key is the chunk's. */
  whole: boolean;
}

export interface ChunkParts {
  parts: ChunkPart[];
  /** Rows left without enrichment, by what they hold ({has_email: 10}). */
  skipped: Record<string, number>;
}

/** What decides the parts: the file's mapping, --enrich and --all-rows. */
export interface PartsRule {
  mapping: ColumnMapping;
  enrich: EnrichmentType | undefined;
  allRows: boolean;
}

export function chunkParts(chunk: Chunk, { mapping, enrich, allRows }: PartsRule): ChunkParts {
  const whole = (enrichment: EnrichmentType | null): ChunkPart => ({
    enrichment,
    rows: chunk.rows,
    csv: chunk.csv,
    whole: enrichment === (enrich ?? null),
  });
  if (!enrich) return { parts: [whole(null)], skipped: {} };
  const { groups, skipped } = enrichmentByRow({ headers: chunk.columns, rows: chunk.values, mapping: chunk.mapping ?? mapping }, enrich, {
    allRows,
  });
  if (groups.length <= 1) return { parts: [whole(groups.length ? groups[0]!.enrichment : enrich)], skipped };
  const parts = csvPartsOf(
    groups,
    csvLine(chunk.columns),
    (i) => chunk.lines[i]!,
    (i) => chunk.rows[i]!,
  ).map((p) => ({ ...p, whole: false }));
  return { parts, skipped };
}
