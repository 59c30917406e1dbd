import { describe, expect, test } from 'vitest';
import { SandboxClock } from '../../src/sandbox/engine/clock.js';
import { Store } from '../../src/sandbox/store.js';
import { COHORT_STORE_CAP, cohortArea, cohortExpiresAt, mintCohort, resolveCohort } from '../../src/sandbox/engine/cohorts.js';
import { COHORT_HARD_MS, COHORT_PREFIX, COHORT_SLIDING_MS } from '../../src/api/schemas/values/search.js';
import type { SandboxError } from '../../src/sandbox/engine/errors.js';

const MINUTE = 60_000;

function setup() {
  const clock = new SandboxClock(() => Date.UTC(2031, 0, 1));
  clock.frozen = true;
  const store = Store.seeded(42, clock);
  const services = { store, clock };
  const org = store.demo.organization_id;
  const cohort = mintCohort(services, { organizationId: org, entityKind: 'person', ids: ['a', 'b'], source: 'test' });
  return { clock, store, services, org, cohort };
}

function thrown(f: () => unknown): SandboxError {
  try {
    f();
  } catch (e) {
    return e as SandboxError;
  }
  throw new Error('expected an error');
}

describe('cohort handles', () => {
  test('a minted handle carries the svc-task_ prefix, the rows, and resolves for its organization', () => {
    const { services, org, cohort } = setup();
    expect(cohort.task_id.startsWith(COHORT_PREFIX)).toBe(true);
    expect(resolveCohort(services, cohort.task_id, org)).toMatchObject({ ids: ['a', 'b'], entity_kind: 'person', organization_id: org });
  });

  test('unknown and foreign handles are 404 task_not_found in the public shape', () => {
    const { services, store, cohort } = setup();
    for (const [id, orgId] of [
      [`${COHORT_PREFIX}nope`, store.demo.organization_id],
      [cohort.task_id, store.demo.other_organization_id],
      ['__proto__', store.demo.organization_id],
    ] as const) {
      const e = thrown(() => resolveCohort(services, id, orgId));
      expect(e.status).toBe(404);
      expect(e.body).toMatchObject({ shape: 'public', fields: { code: 'task_not_found', retryable: false } });
      expect((e.body.fields as { fix?: string }).fix).toBeTruthy();
    }
  });

  test('sliding life: unused for an hour it expires; each use refreshes it', () => {
    const { services, clock, org, cohort } = setup();
    clock.advance(COHORT_SLIDING_MS - 1);
    resolveCohort(services, cohort.task_id, org);
    clock.advance(COHORT_SLIDING_MS - 1);
    expect(resolveCohort(services, cohort.task_id, org).task_id).toBe(cohort.task_id);
    clock.advance(COHORT_SLIDING_MS);
    expect(thrown(() => resolveCohort(services, cohort.task_id, org)).code).toBe('task_not_found');
  });

  test('hard limit: 24 hours after creation it expires however often it is used', () => {
    const { services, clock, org, cohort } = setup();
    for (let t = 0; t < COHORT_HARD_MS - 30 * MINUTE; t += 30 * MINUTE) {
      clock.advance(30 * MINUTE);
      resolveCohort(services, cohort.task_id, org);
    }
    expect(cohortExpiresAt(cohort)).toBe(cohort.created_at_ms + COHORT_HARD_MS);
    clock.set(cohort.created_at_ms + COHORT_HARD_MS - 1);
    expect(resolveCohort(services, cohort.task_id, org).ids).toEqual(['a', 'b']);
    clock.advance(1);
    expect(thrown(() => resolveCohort(services, cohort.task_id, org)).code).toBe('task_not_found');
  });

  test('minting drops expired cohorts from the state', () => {
    const { services, clock, org, cohort } = setup();
    clock.advance(COHORT_SLIDING_MS);
    const next = mintCohort(services, { organizationId: org, entityKind: 'company', ids: ['c'], source: 'test' });
    expect(Object.keys(cohortArea(services))).toEqual([next.task_id]);
    expect(next.task_id).not.toBe(cohort.task_id);
  });

  test('the store is capped in cohorts: past the cap the least recently used goes first, a used one stays', () => {
    const { services, org, cohort } = setup();
    const second = mintCohort(services, { organizationId: org, entityKind: 'person', ids: ['x'], source: 'test' });
    resolveCohort(services, cohort.task_id, org);
    const mint = (i: number) => mintCohort(services, { organizationId: org, entityKind: 'person', ids: [`p${i}`], source: 'test' }).task_id;
    const minted = Array.from({ length: COHORT_STORE_CAP.cohorts - 1 }, (_, i) => mint(i));
    expect(Object.keys(cohortArea(services))).toHaveLength(COHORT_STORE_CAP.cohorts);
    // The first handle was used after the second was minted: the second (unused since) went first.
    expect(thrown(() => resolveCohort(services, second.task_id, org)).code).toBe('task_not_found');
    expect(resolveCohort(services, cohort.task_id, org).ids).toEqual(['a', 'b']);
    // Used again just now, it outlives the oldest of the new ones.
    mint(-1);
    expect(Object.keys(cohortArea(services))).toHaveLength(COHORT_STORE_CAP.cohorts);
    expect(thrown(() => resolveCohort(services, minted[0]!, org)).code).toBe('task_not_found');
    expect(resolveCohort(services, cohort.task_id, org).task_id).toBe(cohort.task_id);
    expect(resolveCohort(services, minted.at(-1)!, org).ids).toEqual([`p${COHORT_STORE_CAP.cohorts - 2}`]);
  });

  test('the store is capped in row ids held: large cohorts push the oldest out', () => {
    const { services, org, cohort } = setup();
    const size = 1000;
    const ids = Array.from({ length: size }, (_, i) => `sp_${i}`);
    const n = COHORT_STORE_CAP.ids / size + 5;
    const minted = Array.from(
      { length: n },
      () => mintCohort(services, { organizationId: org, entityKind: 'person', ids, source: 'test' }).task_id,
    );
    const kept = Object.values(cohortArea(services));
    expect(kept.reduce((sum, c) => sum + c.ids.length, 0)).toBeLessThanOrEqual(COHORT_STORE_CAP.ids);
    expect(kept.map((c) => c.task_id)).toEqual(minted.slice(-kept.length));
    expect(kept.length).toBeGreaterThanOrEqual(COHORT_STORE_CAP.ids / size - 1);
    expect(thrown(() => resolveCohort(services, cohort.task_id, org)).code).toBe('task_not_found');
  });

  test('a store loaded with more cohorts than the cap (a state file) is brought under it at the next mint, least recently used out', () => {
    const clock = new SandboxClock(() => Date.UTC(2031, 0, 1));
    clock.frozen = true;
    const store = Store.seeded(42, clock);
    const org = store.demo.organization_id;
    const area = cohortArea({ store });
    const now = clock.now();
    for (let i = 0; i < COHORT_STORE_CAP.cohorts + 10; i++)
      area[`svc-task_old${i}`] = {
        task_id: `svc-task_old${i}`,
        organization_id: org,
        entity_kind: 'person',
        ids: ['a'],
        source: 'file',
        created_at_ms: now,
        last_used_ms: now - i,
      };
    mintCohort({ store, clock }, { organizationId: org, entityKind: 'person', ids: ['b'], source: 'test' });
    const kept = Object.keys(area);
    expect(kept).toHaveLength(COHORT_STORE_CAP.cohorts);
    // The ones last used longest ago (the highest i) went.
    expect(kept).toContain('svc-task_old0');
    expect(kept).not.toContain(`svc-task_old${COHORT_STORE_CAP.cohorts - 1}`);
  });
});
