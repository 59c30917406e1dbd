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

/** Sandbox-clock time of each area's last sweep for expired cohorts. */
const lastSweep = new WeakMap<CohortArea, number>();
const SWEEP_EVERY_MS = 60_000;

/**
 * A new cohort for rows just served (expired cohorts are dropped on the way, at most once a
 * sandbox minute: every search and list page mints one, and a sweep on each made a busy
 * sandbox slow down with every request; resolveCohort checks expiry itself).
 */
export function mintCohort(services: Pick<SandboxServices, 'store' | 'clock'>, c: NewCohort): CohortRecord {
  const area = cohortArea(services);
  const now = services.clock.now();
  const swept = lastSweep.get(area);
  if (swept === undefined || now - swept >= SWEEP_EVERY_MS || now < swept) {
    for (const [id, rec] of Object.entries(area)) if (!isLive(rec, now)) delete area[id];
    lastSweep.set(area, now);
  }
  const record: CohortRecord = {
    task_id: services.store.nextId(COHORT_PREFIX.replace(/_$/, ''), 'cohort'),
    organization_id: c.organizationId,
    entity_kind: c.entityKind,
    ids: [...c.ids],
    source: c.source,
    created_at_ms: now,
    last_used_ms: now,
  };
  area[record.task_id] = record;
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
  return rec;
}
