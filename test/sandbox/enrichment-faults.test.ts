import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import {
  accepted,
  balance,
  enrich,
  expectPublicError,
  finished,
  listOf,
  PACE,
  quoteFor,
  useEnrichmentSandbox,
} from './enrichment-helpers.js';

const cast = useEnrichmentSandbox();

const fault = (rule: Record<string, unknown>) =>
  control(cast.sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/enrichment/bulk', count: 1, ...rule }] });
const activeRuns = async (): Promise<string[]> => (await control(cast.sb, 'GET', '/enrichment')).active.map((r: any) => r.workflow_id);

/** A list of 6 data-set people and a quote for its full enrichment. */
async function quotedList(): Promise<{ list: string; quote_id: string }> {
  const list = await listOf(cast, 'Accounts', 6, 1300);
  return { list, quote_id: await quoteFor(cast, { tool: 'enrich_list', list_id: list, scope: 'full' }) };
}

describe('a lost or failed dispatch', () => {
  test('503 dispatch_outcome_unknown before the start: nothing started or charged, and the same quote then runs', async () => {
    const { list, quote_id } = await quotedList();
    const before = await balance(cast);
    await fault({ kind: 'status', status: 503, code: 'dispatch_outcome_unknown', retryable: false });
    const e = expectPublicError(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id }), 503, 'dispatch_outcome_unknown');
    expect(e.retryable).toBe(false);
    expect(await activeRuns()).toEqual([]);
    expect(await balance(cast)).toBe(before);
    const r = accepted(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id }));
    expect(await activeRuns()).toEqual([r.workflow_id]);
  });

  test('503 dispatch_outcome_unknown after the start: the run is going, and a retry with the same quote is 400 quote_already_redeemed naming it; the balance moved once', async () => {
    const { list, quote_id } = await quotedList();
    const before = await balance(cast);
    await fault({ kind: 'status', status: 503, code: 'dispatch_outcome_unknown', retryable: false, phase: 'after' });
    expectPublicError(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id }), 503, 'dispatch_outcome_unknown');
    const [running] = await activeRuns();
    expect(running).toMatch(/^bulk-enrich-/);
    expect(await balance(cast)).toBe(before - 66);
    const again = expectPublicError(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id }), 400, 'quote_already_redeemed');
    expect(again.details.workflow_id).toBe(running);
    expect(await activeRuns()).toEqual([running]);
    const done = await finished(cast, running!);
    expect(await balance(cast)).toBe(before - done.credits_charged);
  });

  test('503 quote_verification_unavailable is retryable; the retry runs on the same quote', async () => {
    const { list, quote_id } = await quotedList();
    await fault({ kind: 'status', status: 503, code: 'quote_verification_unavailable' });
    const e = expectPublicError(
      await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id }),
      503,
      'quote_verification_unavailable',
    );
    expect(e.retryable).toBe(true);
    expect(accepted(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id })).credits_reserved).toBe(66);
  });

  test('the connection dropped after the run started: a retry with the same quote finds the run, and the balance ends as without the fault', async () => {
    const { list, quote_id } = await quotedList();
    const before = await balance(cast);
    await fault({ kind: 'drop', phase: 'after' });
    await expect(enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id })).rejects.toThrow();
    const retry = expectPublicError(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id }), 400, 'quote_already_redeemed');
    await finished(cast, retry.details.workflow_id);
    const withFault = await balance(cast);
    expect(withFault).toBeLessThan(before);

    await control(cast.sb, 'POST', '/reset');
    await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
    await control(cast.sb, 'POST', '/enrichment', { pace: PACE });
    const clean = await quotedList();
    const r = accepted(await enrich(cast, 'bulk', { list_id: clean.list, scope: 'full', quote_id: clean.quote_id }));
    await finished(cast, r.workflow_id);
    expect(await balance(cast)).toBe(withFault);
  });
});
