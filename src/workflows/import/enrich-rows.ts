import { ENRICHMENT_TYPE_PRICES, ENRICHMENT_TYPES, type EnrichmentType, type ListScope } from '../../api/schemas/values/credits.js';
import type { CanonicalField } from '../../api/schemas/values/lists.js';
import { formatCount as n } from '../counts.js';
import { HAVE, SKIP_REASONS, missingScope } from '../enrich-list/missing-leads.js';

/**
 * Which rows of a CSV import an enrichment pays for, in every face: a row that already holds
 * what the enrichment finds (an email for partial, a phone for phone_only, both for full) is
 * imported without enrichment (free) and keeps its value, unless the caller opts in to
 * enriching every row. With full, a row holding one part gets only the other. Judged by the
 * row's own mapped values, read as the service reads them (trimmed; blank is absent), by the
 * rule that judges a list's leads (missingScope). The service's CSV import takes one
 * enrichment_type per request, so the rows come back in groups, one request each.
 */

/** {canonical_field: CSV header}, as the import's column_mapping. */
export type ImportColumnMapping = Partial<Record<CanonicalField, string>>;

/** The columns whose value is the lead's phone (the service keeps the first of them given). */
const PHONE_FIELDS = ['phone', 'mobile_phone', 'work_phone'] as const satisfies readonly CanonicalField[];

const SCOPE_OF: Record<EnrichmentType, ListScope> = { partial: 'partial', phone_only: 'phone-only', full: 'full' };
const TYPE_OF: Record<ListScope, EnrichmentType> = { partial: 'partial', 'phone-only': 'phone_only', full: 'full' };

/** What a row holds of what enrichment finds. */
export interface HeldValues {
  email: string | null;
  phone: string | null;
}

/** The enrichment a row holding `held` needs of `type`: null when it holds all `type` finds. */
export function rowEnrichment(held: HeldValues, type: EnrichmentType): EnrichmentType | null {
  const scope = missingScope(held, SCOPE_OF[type]);
  return scope ? TYPE_OF[scope] : null;
}

/** A CSV's rows as fields under its header row (what csv-parse gives, or the CLI's chunk). */
export interface ImportRows {
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  mapping: ImportColumnMapping;
}

/** Rows sent in one request: without enrichment (null, free) or with one enrichment type. */
export interface RowGroup {
  enrichment: EnrichmentType | null;
  /** Indexes into the rows given, in their order. */
  rows: number[];
}

export interface RowsEnrichment {
  /**
   * The rows by what they get, in the order to send them: those needing nothing first (so a
   * row repeated in the file keeps the held copy for free), then partial, phone_only, full.
   * Empty groups are left out; with nothing held, one group of every row with the type asked.
   */
  groups: RowGroup[];
  /** Rows not enriched, by what they hold ({has_email: 10}), as `enrich list` names its skips. */
  skipped: Record<string, number>;
}

/** Where the service finds a mapped header: as written, else in any case (headers trimmed). */
function columnOf(headers: readonly string[], header: string | undefined): number {
  if (header === undefined) return -1;
  const h = header.trim();
  const exact = headers.findIndex((x) => x.trim() === h);
  return exact >= 0 ? exact : headers.findIndex((x) => x.trim().toLowerCase() === h.toLowerCase());
}

/** Reads what each row holds, by the mapping. */
export function heldReader(headers: readonly string[], mapping: ImportColumnMapping): (row: readonly string[]) => HeldValues {
  const email = columnOf(headers, mapping.email);
  const phones = PHONE_FIELDS.map((f) => columnOf(headers, mapping[f])).filter((i) => i >= 0);
  const value = (row: readonly string[], i: number) => (i >= 0 ? row[i]?.trim() || null : null);
  return (row) => ({ email: value(row, email), phone: phones.map((i) => value(row, i)).find((v) => v !== null) ?? null });
}

/**
 * The groups `rows` go in with enrichment `type`. `allRows`: every row is enriched with `type`,
 * whatever it holds (the caller's opt-in: --all-rows, a tool or SDK argument).
 */
export function enrichmentByRow(r: ImportRows, type: EnrichmentType, opts: { allRows?: boolean } = {}): RowsEnrichment {
  if (opts.allRows) return { groups: r.rows.length ? [{ enrichment: type, rows: r.rows.map((_, i) => i) }] : [], skipped: {} };
  const held = heldReader(r.headers, r.mapping);
  const by = new Map<EnrichmentType | null, number[]>();
  r.rows.forEach((row, i) => {
    const needs = rowEnrichment(held(row), type);
    const group = by.get(needs);
    if (group) group.push(i);
    else by.set(needs, [i]);
  });
  const free = by.get(null)?.length ?? 0;
  const groups = [null, ...ENRICHMENT_TYPES].flatMap((e) => (by.has(e) ? [{ enrichment: e, rows: by.get(e)! }] : []));
  return { groups, skipped: free ? { [SKIP_REASONS[SCOPE_OF[type]]]: free } : {} };
}

/** What an import enriches, summed over its requests: rows per type, and rows left out by what they hold. */
export interface RowsToEnrich {
  type: EnrichmentType;
  rows_by_type: Partial<Record<EnrichmentType, number>>;
  skipped: Record<string, number>;
}

export const noRowsToEnrich = (type: EnrichmentType): RowsToEnrich => ({ type, rows_by_type: {}, skipped: {} });

/** Adds groups of rows (with their sizes) and skips to `into`. */
export function addRowsToEnrich(
  into: RowsToEnrich,
  groups: ReadonlyArray<{ enrichment: EnrichmentType | null; rows: number }>,
  skipped: Readonly<Record<string, number>>,
): void {
  for (const g of groups) if (g.enrichment) into.rows_by_type[g.enrichment] = (into.rows_by_type[g.enrichment] ?? 0) + g.rows;
  for (const [reason, count] of Object.entries(skipped)) into.skipped[reason] = (into.skipped[reason] ?? 0) + count;
}

/** The rows to enrich, each type with its rows, in price order (partial, phone_only, full). */
export const typesToEnrich = (r: RowsToEnrich): Array<[EnrichmentType, number]> =>
  ENRICHMENT_TYPES.flatMap((t) => ((r.rows_by_type[t] ?? 0) > 0 ? [[t, r.rows_by_type[t]!] as [EnrichmentType, number]] : []));

export const rowsToEnrich = (r: RowsToEnrich): number => typesToEnrich(r).reduce((s, [, rows]) => s + rows, 0);

/** The most the enrichment can cost: each row at its type's price. */
export const mostCost = (r: RowsToEnrich): number => typesToEnrich(r).reduce((s, [t, rows]) => s + rows * ENRICHMENT_TYPE_PRICES[t], 0);

const rows = (count: number) => `${n(count)} row${count === 1 ? '' : 's'}`;

/**
 * What is left out and why, for a person ("10 rows already have an email, not enriched
 * (--all-rows enriches them too)"; with full, also the rows that get only one part); empty when
 * nothing is. `optIn` is how the caller's face enriches them anyway.
 */
export function notEnrichedText(r: RowsToEnrich, optIn: string): string {
  const scope = SCOPE_OF[r.type];
  const held = r.skipped[SKIP_REASONS[scope]] ?? 0;
  const parts = held
    ? [`${rows(held)} already ${held === 1 ? 'has' : 'have'} ${HAVE[scope]}, not enriched (${optIn} enriches them too)`]
    : [];
  if (r.type === 'full') {
    const phone = r.rows_by_type.phone_only ?? 0;
    const email = r.rows_by_type.partial ?? 0;
    const get = (count: number) => (count === 1 ? 'gets' : 'get');
    if (phone) parts.push(`${rows(phone)} with an email ${get(phone)} the phone alone (phone_only)`);
    if (email) parts.push(`${rows(email)} with a phone ${get(email)} the email alone (partial)`);
  }
  return parts.join('; ');
}
