import { CSV_IMPORT_LIMITS, type CsvImportBody, type CsvImportResponse } from '../../api/schemas/lists.js';
import type { Store } from '../store.js';
import { canonicalHash } from './cursors.js';
import { publicError } from './errors.js';

/**
 * What CSV imports remember: the maintenance switch and the processing time (sandbox
 * controls; a reset restores both), the first response of each idempotency_key (per
 * organization, for CSV_IMPORT_LIMITS.idempotencyReplayMs), and when the import running
 * on a list is done. An import applies its rows at once; the processing time only models
 * the server being busy with it.
 */

export interface CsvImportSettings {
  enabled: boolean;
  /** How long an import keeps its list busy, on the sandbox clock (0: not at all). */
  processing_ms: number;
}

interface ReplayRecord {
  request_hash: string;
  response: CsvImportResponse;
  stored_at_ms: number;
}

interface CsvImportArea {
  settings: CsvImportSettings;
  /** By organization id, then slotOf(idempotency_key). */
  replays: Record<string, Record<string, ReplayRecord>>;
  /** By list id: when its import is done (sandbox ms). */
  processing: Record<string, number>;
}

export function csvImportArea(store: Store): CsvImportArea {
  return store.area<CsvImportArea>('csv_import', () => ({ settings: { enabled: true, processing_ms: 0 }, replays: {}, processing: {} }));
}

/** 503 not_enabled while imports are switched off for maintenance. */
export function requireImportsEnabled(store: Store): void {
  if (csvImportArea(store).settings.enabled) return;
  throw publicError(503, {
    code: 'not_enabled',
    problem: 'CSV import is switched off for maintenance',
    cause: 'Imports are paused on the service; nothing was imported.',
    fix: 'Try the import again later; leads can still be saved to the list from a search with POST /lead-lists/{list_id}/leads.',
    retryable: false,
  });
}

/**
 * A hash of what the import asks for: the list and the body (key order and the dispatch
 * default do not matter). quote_id is left out: it pays for the request rather than being
 * part of it, so a chunk sent again with a fresh quote replays instead of conflicting.
 */
export function importRequestHash(listId: string, body: CsvImportBody): string {
  const { quote_id: _paidWith, ...request } = body;
  const shape = { list_id: listId, body: { ...request, dispatch_enrichment: body.dispatch_enrichment ?? true } };
  return canonicalHash(shape);
}

/** Client keys are prefixed so that none (__proto__, constructor) can be mistaken for an object's own members. */
const slotOf = (key: string): string => `k:${key}`;

const isLive = (rec: ReplayRecord, nowMs: number): boolean => nowMs - rec.stored_at_ms < CSV_IMPORT_LIMITS.idempotencyReplayMs;

/** Drops replay records past their life and finished processing marks. */
function prune(area: CsvImportArea, nowMs: number): void {
  for (const [org, byKey] of Object.entries(area.replays)) {
    for (const [slot, rec] of Object.entries(byKey)) if (!isLive(rec, nowMs)) delete byKey[slot];
    if (!Object.keys(byKey).length) delete area.replays[org];
  }
  for (const [list, doneAt] of Object.entries(area.processing)) if (nowMs >= doneAt) delete area.processing[list];
}

/** 409 conflict while an import of the list is still processing, with the time left. */
export function checkNotProcessing(store: Store, listId: string, nowMs: number): void {
  const area = csvImportArea(store);
  prune(area, nowMs);
  const doneAt = area.processing[listId];
  if (doneAt === undefined) return;
  const left = doneAt - nowMs;
  throw publicError(409, {
    code: 'conflict',
    problem: 'An import into this list is still processing',
    cause: `The list's previous import finishes in ${left} ms; one import runs on a list at a time.`,
    fix: 'Retry after it completes (retry_after_ms); a retry with the same idempotency_key then returns the stored response.',
    retryable: false,
    retry_after_ms: left,
    details: { list_id: listId },
  });
}

/**
 * The stored response of an idempotency_key sent with the same request, else undefined;
 * the key within its life with another request (body or list) is a 409 idempotency_conflict.
 */
export function replayOf(
  store: Store,
  organizationId: string,
  key: string,
  requestHash: string,
  nowMs: number,
): CsvImportResponse | undefined {
  const byKey = csvImportArea(store).replays;
  const rec = Object.hasOwn(byKey, organizationId) ? byKey[organizationId]![slotOf(key)] : undefined;
  if (!rec || !isLive(rec, nowMs)) return undefined;
  if (rec.request_hash === requestHash) return { ...rec.response, idempotency_replayed: true };
  throw publicError(409, {
    code: 'idempotency_conflict',
    problem: 'This idempotency_key was used for another import request',
    cause: 'An import with the same key but another body or list was accepted within the last 24 hours (the key is organization-wide).',
    fix: 'Send a new idempotency_key for a new import, or repeat the original request exactly to read its response.',
    retryable: false,
    details: { idempotency_key: key },
  });
}

export interface AcceptedImport {
  organizationId: string;
  listId: string;
  idempotencyKey: string | undefined;
  requestHash: string;
  response: CsvImportResponse;
  nowMs: number;
}

/** Remembers an accepted import: its response under its key, and its list busy for the processing time. */
export function recordImport(store: Store, a: AcceptedImport): void {
  const area = csvImportArea(store);
  prune(area, a.nowMs);
  if (a.idempotencyKey !== undefined) {
    const byKey = (area.replays[a.organizationId] ??= {});
    byKey[slotOf(a.idempotencyKey)] = { request_hash: a.requestHash, response: a.response, stored_at_ms: a.nowMs };
  }
  if (area.settings.processing_ms > 0) area.processing[a.listId] = a.nowMs + area.settings.processing_ms;
}
