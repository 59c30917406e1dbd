import * as z from 'zod/mini';
import { beforeEach, describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { call, expectOk, useListsSandbox } from './lists-helpers.js';
import {
  START_MS,
  advance,
  byName,
  byUrl,
  expectGenericError,
  hitRates,
  reachablePeople,
  started,
  unknownProfile,
  v1Status,
} from './legacy-helpers.js';
import { LEGACY_TASK_RETENTION_MS, LegacyTaskStatus, LegacyWorkflowStatus } from '../../src/api/schemas/legacy.js';
import { DEFAULT_PACE } from '../../src/sandbox/engine/enrichment.js';

const cast = useListsSandbox();
beforeEach(async () => {
  await control(cast.sb, 'POST', '/clock', { set_ms: START_MS, freeze: true });
  hitRates(cast.sb, 1);
});

const iso = (ms: number) => new Date(START_MS + ms).toISOString();
const { pending_ms: PENDING, min_run_ms: RUN } = DEFAULT_PACE;

/** A run of 4 contacts (the second unknown to every provider) and its ids. */
async function fourContacts() {
  const [a, b, c] = reachablePeople(cast, 3);
  const run = await started(cast, { contacts: [byUrl(a!), unknownProfile(1), byName(cast, b!), byUrl(c!)] });
  return { run, people: [a!, null, b!, c!] };
}

const workflowOf = async (id: string, token?: string) => expectOk(await v1Status(cast, { workflow_id: id }, token)).workflow;
const taskOf = async (id: string) => expectOk(await v1Status(cast, { task_id: id })).task;

describe('v1 GET /enrich/status by workflow_id', () => {
  test('pending, processing with counts growing on the clock, then completed_with_errors with the found counts', async () => {
    const { run } = await fourContacts();
    const first = await workflowOf(run.workflow_id);
    expect(z.safeParse(LegacyWorkflowStatus, { workflow: first }).success).toBe(true);
    expect(first).toEqual({
      workflow_id: run.workflow_id,
      status: 'pending',
      total_prospects: 4,
      completed_prospects: 0,
      failed_prospects: 0,
      emails_found: 0,
      phones_found: 0,
      created_at: iso(0),
      modified_at: iso(0),
    });
    await advance(cast.sb, PENDING);
    expect(await workflowOf(run.workflow_id)).toMatchObject({ status: 'processing', completed_prospects: 0, modified_at: iso(PENDING) });
    await advance(cast.sb, RUN / 2 + 10);
    expect(await workflowOf(run.workflow_id)).toMatchObject({
      status: 'processing',
      completed_prospects: 1,
      failed_prospects: 1,
      emails_found: 1,
      modified_at: iso(PENDING + RUN / 2),
    });
    await advance(cast.sb, RUN);
    expect(await workflowOf(run.workflow_id)).toEqual({
      ...first,
      status: 'completed_with_errors',
      completed_prospects: 3,
      failed_prospects: 1,
      emails_found: 3,
      modified_at: iso(PENDING + RUN),
    });
  });
});

describe('v1 GET /enrich/status by task_id', () => {
  test('each contact: pending, processing, then completed with what was found or failed without a result', async () => {
    const { run, people } = await fourContacts();
    expect(await taskOf(run.task_ids[0])).toEqual({ task_id: run.task_ids[0], workflow_id: run.workflow_id, status: 'pending' });
    await advance(cast.sb, PENDING);
    expect((await taskOf(run.task_ids[0])).status).toBe('processing');
    await advance(cast.sb, RUN);

    const done = await taskOf(run.task_ids[0]);
    expect(z.safeParse(LegacyTaskStatus, { task: done }).success).toBe(true);
    // partial: no phone asked, so none in the result.
    expect(done).toEqual({
      task_id: run.task_ids[0],
      workflow_id: run.workflow_id,
      status: 'completed',
      result: { email: people[0]!.email, provider: 'provider_a', linkedin_url: people[0]!.linkedin_url },
    });
    const missed = await taskOf(run.task_ids[1]);
    expect(missed).toMatchObject({ status: 'failed', error: expect.any(String) });
    expect(missed).not.toHaveProperty('result');
    // Found by name: the data set's LinkedIn URL comes back.
    expect((await taskOf(run.task_ids[2])).result).toMatchObject({ email: people[2]!.email, linkedin_url: people[2]!.linkedin_url });
  });

  test('a full run returns the phone found too', async () => {
    const p = reachablePeople(cast, 4)[3]!;
    const run = await started(cast, { enrichment_type: 'full', contacts: [byUrl(p)] });
    await advance(cast.sb, PENDING + RUN);
    expect((await taskOf(run.task_ids[0])).result).toEqual({
      email: p.email,
      phone: p.phone,
      provider: 'provider_a',
      linkedin_url: p.linkedin_url,
    });
  });

  test('a task stays readable 24 hours after its run ended, then 404; the run itself stays readable', async () => {
    const { run } = await fourContacts();
    const endedAt = PENDING + RUN;
    await advance(cast.sb, endedAt + LEGACY_TASK_RETENTION_MS);
    expect((await taskOf(run.task_ids[0])).status).toBe('completed');
    await advance(cast.sb, 1);
    expectGenericError(await v1Status(cast, { task_id: run.task_ids[0] }), 404, 'RESOURCE_NOT_FOUND');
    expect((await workflowOf(run.workflow_id)).status).toBe('completed_with_errors');
  });
});

describe('v1 GET /enrich/status errors', () => {
  test('workflow_id XOR task_id: both or neither is 400', async () => {
    const { run } = await fourContacts();
    const queries: Array<Record<string, string>> = [{ workflow_id: run.workflow_id, task_id: run.task_ids[0] }, {}, { workflow_id: ' ' }];
    for (const q of queries) {
      const err = expectGenericError(await v1Status(cast, q), 400, 'BAD_REQUEST');
      expect(err.message).toContain('workflow_id');
      expect(err.message).toContain('task_id');
    }
  });

  test("another organization's run or task: 403 Access denied; unknown ids: 404", async () => {
    const { run } = await fourContacts();
    const queries: Array<Record<string, string>> = [{ workflow_id: run.workflow_id }, { task_id: run.task_ids[0] }];
    for (const q of queries) {
      const err = expectGenericError(await v1Status(cast, q, cast.other), 403, 'PERMISSION_DENIED');
      expect(err.message).toBe('Access denied');
    }
    // A teammate in the same organization may read it.
    expect((await workflowOf(run.workflow_id, cast.teammate)).workflow_id).toBe(run.workflow_id);
    const unknown: Array<Record<string, string>> = [
      { workflow_id: 'public_bulk_00000000-0000-0000-0000-000000000000' },
      { task_id: 'nope' },
    ];
    for (const q of unknown) expectGenericError(await v1Status(cast, q), 404, 'RESOURCE_NOT_FOUND');
    // Only on v1.
    expect((await call(cast.sb, 'GET', `/enrich/status?workflow_id=${run.workflow_id}`)).status).toBe(404);
  });
});
