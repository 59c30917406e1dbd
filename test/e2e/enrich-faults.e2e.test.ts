import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { outcome, usePaidSandbox } from './enrich-helpers.js';

/**
 * Never pay twice: a paid POST whose answer is lost is resolved through its single-use
 * quote and the run's status. Under each fault the run ends as it does without faults, and
 * the balance after it is the balance after the same run without the fault.
 */
const t = usePaidSandbox();

type Rule = Record<string, unknown>;

/** A fresh sandbox state, the same list, the faults, one run: its outcome and the balance after. */
async function runWith(
  args: string[],
  rules: Rule[],
): Promise<{ exitCode: number; stderr: string; outcome: ReturnType<typeof outcome>; balance: number }> {
  await control(t.sb, 'POST', '/reset', {});
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
  await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
  await t.seedList('Q3', 30);
  if (rules.length) await control(t.sb, 'POST', '/faults', { rules });
  const r = await t.run(...args, '--yes', '--json');
  expect(r.exitCode, r.stderr).toBe(0);
  return { exitCode: r.exitCode, stderr: r.stderr, outcome: outcome(json(r.stdout)), balance: await t.balance() };
}

const BULK = { method: 'POST', path: '/enrichment/bulk', count: 1 };
const LIST_RUN = ['enrich', 'list', 'Q3', '--scope', 'full'];
/** The run without faults, the same for every case (same seed, same list). */
let clean: Promise<Awaited<ReturnType<typeof runWith>>> | undefined;

describe('paid runs under injected faults', () => {
  it.each<[string, Rule[]]>([
    ['the connection drops after the run started', [{ ...BULK, kind: 'drop', phase: 'after' }]],
    ['the connection drops before the request is handled', [{ ...BULK, kind: 'drop' }]],
    [
      '503 dispatch_outcome_unknown after the run started',
      [{ ...BULK, kind: 'status', status: 503, code: 'dispatch_outcome_unknown', phase: 'after' }],
    ],
    ['503 dispatch_outcome_unknown when nothing started', [{ ...BULK, kind: 'status', status: 503, code: 'dispatch_outcome_unknown' }]],
    ['500 after the run started', [{ ...BULK, kind: 'status', status: 500, phase: 'after' }]],
    ['502 after the run started', [{ ...BULK, kind: 'status', status: 502, phase: 'after' }]],
    [
      '503 quote_verification_unavailable twice',
      [{ ...BULK, count: 2, kind: 'status', status: 503, code: 'quote_verification_unavailable', retryable: true, retry_after_sec: 0 }],
    ],
    [
      'a 429 burst on the run and on status polls',
      [
        { ...BULK, kind: 'rate_limit', retry_after_sec: 1 },
        { method: 'GET', path: '/enrichment/status', kind: 'rate_limit', retry_after_sec: 1, count: 2 },
      ],
    ],
    [
      '500s and dropped connections on status polls',
      [
        { method: 'GET', path: '/enrichment/status', kind: 'status', status: 500, count: 2 },
        { method: 'GET', path: '/enrichment/status', kind: 'drop', count: 1 },
      ],
    ],
    ['latency on every request', [{ kind: 'latency', latency_ms: 150 }]],
  ])('enrich list: %s', async (_name, rules) => {
    const baseline = await (clean ??= runWith(LIST_RUN, []));
    const faulty = await runWith(LIST_RUN, rules);
    expect(faulty.outcome).toEqual(baseline.outcome);
    expect(faulty.balance).toBe(baseline.balance);
    expect(await t.bulkPosts()).toBeLessThanOrEqual(4);
  });
});
