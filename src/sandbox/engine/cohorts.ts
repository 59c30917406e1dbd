import { COHORT_HARD_MS, COHORT_PREFIX, COHORT_SLIDING_MS, type EntityKind } from '../../api/schemas/values/search.js';
import type { SandboxServices } from '../context.js';
import { publicError, type SandboxError } from './errors.js';

/**
 * Cohorts: the `svc-task_` handles of the spec. Every search response (and every list
 * page) mints one for its rows; follow-ups (save to a list, enrich by task) resolve it.
 * A cohort belongs to the organization that minted it and lives COHORT_SLIDING_MS after
 * its last use, never longer than COHORT_HARD_MS after its creation.
 */
export interface CohortRecord {
  task_id: string;
  organization_id: string;
  entity_kind: EntityKind;
  /** The rows: lead_ids for people, company_ids for companies, in the order served. */
  ids: string[];
  /** What minted it (an endpoint template), for the request's reader. */
  source: string;
  created_at_ms: number;
  last_used_ms: number;
}

export type CohortArea = Record<string, CohortRecord>;

export interface NewCohort {
  organizationId: string;
  entityKind: EntityKind;
  ids: readonly string[];
  source: string;
}

export function cohortArea(services: Pick<SandboxServices, 'store'>): CohortArea {
  return services.store.area<CohortArea>('cohorts', () => ({}));
}

/** When a cohort stops resolving: its sliding life from the last use, capped by the hard limit. */
export function cohortExpiresAt(c: Pick<CohortRecord, 'created_at_ms' | 'last_used_ms'>): number {
  return Math.min(c.last_used_ms + COHORT_SLIDING_MS, c.created_at_ms + COHORT_HARD_MS);
}

const isLive = (c: CohortRecord, nowMs: number): boolean => nowMs < cohortExpiresAt(c);

/**
 * The cohort store is capped, so a sandbox searched without rate limits (a benchmark, a bulk
 * script) does not grow with every request: at most COHORT_STORE_CAP.cohorts handles holding
 * COHORT_STORE_CAP.ids row ids in all; past either, the least recently used cohort goes first
 * (a later use of its handle is 404 task_not_found, as for an expired one). With rate limits
 * on, one organization mints at most 3,600 cohorts an hour (60 requests a minute), so the cap
 * is reached only by several organizations at full rate or with limits off.
 */
export const COHORT_STORE_CAP = { cohorts: 10_000, ids: 1_000_000 } as const;

/** The area's cohorts least recently used first, and how many row ids they hold; kept beside the area (not saved). */
interface CohortIndex {
  order: Map<string, CohortRecord>;
  ids: number;
  /** Sandbox-clock time of the last sweep for expired cohorts. */
  sweptAt: number | undefined;
}

const indexes = new WeakMap<CohortArea, CohortIndex>();
const SWEEP_EVERY_MS = 60_000;

/** The index of an area, built from it when first asked (a reset or a loaded state file brings a new area). */
function indexOf(area: CohortArea): CohortIndex {
  let idx = indexes.get(area);
  if (!idx) {
    const byUse = Object.values(area).sort((a, b) => a.last_used_ms - b.last_used_ms);
    idx = { order: new Map(byUse.map((c) => [c.task_id, c])), ids: byUse.reduce((n, c) => n + c.ids.length, 0), sweptAt: undefined };
    indexes.set(area, idx);
  }
  return idx;
}

function drop(area: CohortArea, idx: CohortIndex, rec: CohortRecord): void {
  delete area[rec.task_id];
  idx.order.delete(rec.task_id);
  idx.ids -= rec.ids.length;
}

/**
 * A new cohort for rows just served. Expired cohorts are dropped on the way, at most once a
 * sandbox minute (every search and list page mints one, and a sweep on each made a busy
 * sandbox slow down with every request; resolveCohort checks expiry itself); then, past the
 * store's cap, the least recently used.
 */
export function mintCohort(services: Pick<SandboxServices, 'store' | 'clock'>, c: NewCohort): CohortRecord {
  const area = cohortArea(services);
  const idx = indexOf(area);
  const now = services.clock.now();
  if (idx.sweptAt === undefined || now - idx.sweptAt >= SWEEP_EVERY_MS || now < idx.sweptAt) {
    for (const rec of [...idx.order.values()]) if (!isLive(rec, now)) drop(area, idx, rec);
    idx.sweptAt = now;
  }
  const record: CohortRecord = {
    task_id: services.store.nextId(COHORT_PREFIX.replace(/_$/, ''), 'cohort'),
    organization_id: c.organizationId,
    entity_kind: c.entityKind,
    // Copied as flat strings: ids built by concatenation are chains of string pieces, about
    // three times the memory of the characters they hold.
    ids: JSON.parse(JSON.stringify(c.ids)) as string[],
    source: c.source,
    created_at_ms: now,
    last_used_ms: now,
  };
  area[record.task_id] = record;
  idx.order.set(record.task_id, record);
  idx.ids += record.ids.length;
  while (idx.order.size > 1 && (idx.order.size > COHORT_STORE_CAP.cohorts || idx.ids > COHORT_STORE_CAP.ids)) {
    drop(area, idx, idx.order.values().next().value!);
  }
  return record;
}

/** 404 task_not_found, for an unknown, expired or foreign handle alike. */
export function taskNotFound(taskId: string): SandboxError {
  return publicError(404, {
    code: 'task_not_found',
    problem: `Task ${taskId} was not found`,
    cause: 'The handle is unknown, has expired (about 1 hour after its last use, 24 hours at most), or belongs to another organization.',
    fix: 'Run the search again for a fresh task_id and use it within the hour.',
    retryable: false,
  });
}

/** The organization's live cohort for a handle, its sliding life refreshed; else 404 task_not_found. */
export function resolveCohort(services: Pick<SandboxServices, 'store' | 'clock'>, taskId: string, organizationId: string): CohortRecord {
  const area = cohortArea(services);
  const rec = Object.hasOwn(area, taskId) ? area[taskId] : undefined;
  const now = services.clock.now();
  if (!rec || rec.organization_id !== organizationId || !isLive(rec, now)) throw taskNotFound(taskId);
  rec.last_used_ms = now;
  // Now the most recently used: the last the cap would drop.
  const order = indexOf(area).order;
  order.delete(taskId);
  order.set(taskId, rec);
  return rec;
}
