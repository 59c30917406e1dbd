import { afterEach, describe, expect, test } from 'vitest';
import { openSandbox, raw, control, type RunningSandbox } from './helpers.js';
import { call, seedList } from './lists-helpers.js';
import { SandboxClock } from '../../src/sandbox/engine/clock.js';

/** Snapshots (GET/POST /__sandbox/snapshot, startSandbox({ snapshot })): the whole state, the clock as an absolute time. */

const START_MS = Date.UTC(2031, 5, 2, 9);
const open: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});
const sandbox = async (opts: Parameters<typeof openSandbox>[0] = {}) => {
  const sb = await openSandbox(opts);
  open.push(sb);
  return sb;
};
const snapshotText = async (sb: RunningSandbox) => (await raw(sb, 'GET', '/__sandbox/snapshot')).text;

/** A sandbox mid-workflow: a run pending, a quote issued and not spent, the clock advanced. */
async function midWorkflow(): Promise<{ sb: RunningSandbox; spare: string; quote: string; run: string }> {
  const sb = await sandbox();
  await control(sb, 'POST', '/clock', { set_ms: START_MS, freeze: true });
  await control(sb, 'POST', '/rate-limits', { enabled: false });
  await control(sb, 'POST', '/enrichment', { pace: { pending_ms: 1000, min_run_ms: 5000, row_ms: 0 } });
  const list = (await seedList(sb, { name: 'run', people: 3 })).list_id;
  const spare = (await seedList(sb, { name: 'spare', people: 2, from_person: 10 })).list_id;
  const quoteOf = async (id: string) =>
    (await call(sb, 'POST', '/credits/estimate', { body: { tool: 'enrich_list', list_id: id, scope: 'full' } })).json.quote_id;
  const started = await call(sb, 'POST', '/enrichment/bulk', { body: { list_id: list, scope: 'full', quote_id: await quoteOf(list) } });
  expect(started.status, started.text).toBeLessThan(300);
  const quote = await quoteOf(spare);
  await control(sb, 'POST', '/clock', { advance_ms: 500 });
  const run = started.json.workflow_id;
  expect((await call(sb, 'GET', `/enrichment/status/${run}`)).json.status).toBe('pending');
  return { sb, spare, quote, run };
}

describe('sandbox snapshots', () => {
  test('save, load into a new sandbox, save again: the same bytes', async () => {
    const { sb } = await midWorkflow();
    const saved = await snapshotText(sb);
    const copy = await sandbox({ snapshot: JSON.parse(saved) });
    expect(await snapshotText(copy)).toBe(saved);
    // Loaded into a running sandbox by the control, too.
    const other = await sandbox({ seed: 7 });
    expect((await raw(other, 'POST', '/__sandbox/snapshot', { body: JSON.parse(saved) })).status).toBe(200);
    expect(await snapshotText(other)).toBe(saved);
  });

  test('a snapshot taken mid-workflow continues identically: the same answers to the same requests', async () => {
    const { sb, spare, quote, run } = await midWorkflow();
    const copy = await sandbox({ snapshot: JSON.parse(await snapshotText(sb)) });
    // The answers compared whole, but for each sandbox's own URL (its port) in links.
    const same = async (method: string, path: string, body?: unknown) => {
      const [a, b] = await Promise.all(
        [sb, copy].map(async (s) => {
          const r = await call(s, method, path, body === undefined ? {} : { body });
          return { status: r.status, json: JSON.parse(r.text.replaceAll(s.url, 'URL')) };
        }),
      );
      expect(b).toEqual(a);
      return a!.json;
    };
    const step = (ms: number) => Promise.all([sb, copy].map((s) => control(s, 'POST', '/clock', { advance_ms: ms })));
    await step(1000);
    expect((await same('GET', `/enrichment/status/${run}`)).status).toBe('processing');
    const spent = await same('POST', '/enrichment/bulk', { list_id: spare, scope: 'full', quote_id: quote });
    await step(10_000);
    expect((await same('GET', `/enrichment/status/${run}`)).status).not.toMatch(/pending|processing/);
    await same('GET', `/enrichment/status/${spent.workflow_id}`);
    await same('GET', '/credits/balance');
    await same('GET', '/usage');
  });

  test('the clock of the copy stands at the saved time, frozen as it was', async () => {
    const { sb } = await midWorkflow();
    const copy = await sandbox({ snapshot: JSON.parse(await snapshotText(sb)) });
    const [a, b] = await Promise.all([sb, copy].map((s) => control(s, 'GET', '/clock')));
    expect(b.now_ms).toBe(a.now_ms);
    expect(b.frozen).toBe(true);
  });

  test('a running clock goes on from its saved time, however long after it is loaded', () => {
    let real = 1_000;
    const clock = new SandboxClock(() => real);
    clock.set(START_MS);
    const saved = clock.saved();
    real += 3_600_000;
    const later = new SandboxClock(() => real);
    later.restore(saved);
    expect(later.now()).toBe(START_MS);
    expect(later.frozen).toBe(false);
    real += 10;
    expect(later.now()).toBe(START_MS + 10);
  });

  test('a snapshot that is not one is refused, naming the field', async () => {
    const sb = await sandbox();
    const r = await raw(sb, 'POST', '/__sandbox/snapshot', { body: { format: 'other' } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    await expect(sandbox({ snapshot: '/nonexistent/snap.json' })).rejects.toThrow('/nonexistent/snap.json does not exist');
  });
});
