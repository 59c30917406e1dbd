import type { EnrichmentTerminalStatus } from '../../api/schemas/values/enrichment.js';
import type { RowPlan, WorkflowKind } from './enrichment.js';

/**
 * Terminal states queued through the outcome control (POST /__sandbox/enrichment/outcomes)
 * shape the run's rows, so that every view of it (v2 status, v1 status, the webhook
 * summary) agrees with the state: `completed` means every row succeeded, so rows that would
 * find nothing are found as at hit rate 1; `completed_with_errors` needs at least one failed
 * row (the last row fails as a provider error when none would) and one that succeeded (the
 * first is found as at hit rate 1 when none would). A run that cannot end in the state (a
 * single-person run or a run of one row for completed_with_errors, a row nothing can find)
 * leaves it queued for the next run.
 */

/** Whether a row succeeded: it found data; a single-person run's one row once its lookup ran, whatever it found (its result says what). */
export const rowSucceeded = (kind: WorkflowKind, r: RowPlan): boolean =>
  r.outcome === 'found' || (kind === 'person' && r.outcome === 'missed');

/** States only a single-record run can end in. */
export const SINGLE_RECORD_ONLY: readonly EnrichmentTerminalStatus[] = ['canceled', 'terminated'];
/** States only a run of several rows can end in. */
export const SEVERAL_ROWS_ONLY: readonly EnrichmentTerminalStatus[] = ['completed_with_errors'];

const providerError = (r: RowPlan): RowPlan => ({
  ...r,
  outcome: 'error',
  email: null,
  email_status: null,
  phone: null,
  provider: null,
  cost: 0,
  error: 'The provider could not finish this row; enrich it again',
});

/**
 * The rows a run ends `status` with, or null when it cannot. `found(i)` plans row i as at
 * hit rate 1 (every data point the data has, or can be built, is found).
 */
export function rowsFor(
  status: EnrichmentTerminalStatus,
  kind: WorkflowKind,
  rows: readonly RowPlan[],
  found: (i: number) => RowPlan,
): RowPlan[] | null {
  const ok = (r: RowPlan) => rowSucceeded(kind, r);
  if (status === 'completed') {
    const out = rows.map((r, i) => (ok(r) ? r : found(i)));
    return out.every(ok) ? out : null;
  }
  if (status === 'completed_with_errors') {
    if (kind === 'person' || rows.length < 2) return null;
    const out = [...rows];
    if (!out.some(ok)) out[0] = found(0);
    if (!out.some(ok)) return null;
    if (out.every(ok)) out[out.length - 1] = providerError(out[out.length - 1]!);
    return out;
  }
  return [...rows];
}
