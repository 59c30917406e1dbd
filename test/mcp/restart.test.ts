import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { MemoryJournalStore } from '../../src/workflows/journal/memory-store.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox } from './helpers.js';

const t = useMcpSandbox();
const runs = (sent: string[], route: string) => sent.filter((r) => r === route).length;
/**
 * Every attempt at the route loses its answer, the first `after` it was handled (it ran) or
 * `before` (it never arrived); the resends never arrive.
 */
const loseAnswers = (first: 'before' | 'after') =>
  control(t.sb, 'POST', '/faults', {
    rules: [
      { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: first, count: 1 },
      { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'before', count: 3 },
    ],
  });
const clearFaults = () => control(t.sb, 'DELETE', '/faults');

describe('a paid request whose answer was lost with the server', () => {
  it('is resolved by the next server through its own quote when the same call comes: paid once, whatever that budget', async () => {
    await control(t.sb, 'POST', '/clock', { freeze: true });
    const store = new MemoryJournalStore();
    const first = await t.session({ maxCredits: 100, store });
    const list = await t.seededList('Lost', 6);
    const args = { list_id: list, scope: 'full' };
    const before = await balance(t.sb);
    const priced = structuredOf(await callTool(first, 'enrich_list', args));
    await loseAnswers('after');
    const lost = await callTool(first, 'enrich_list', { ...args, quote_id: priced.quote.quote_id });
    expect(textOf(lost)).toContain('Error dispatch_outcome_unknown');
    expect(store.open()).toHaveLength(1);
    await clearFaults();

    // The client restarts the server (no budget now, and a client that cannot ask): the same call is the earlier run.
    const next = await t.session({ maxCredits: 0, store });
    const r = await callTool(next, 'enrich_list', args);
    expect(structuredOf(r), textOf(r)).toMatchObject({
      status: 'ran',
      quote: { quote_id: priced.quote.quote_id },
      result: { workflow_id: expect.stringMatching(/^bulk-enrich-/) },
    });
    expect(textOf(r)).toContain('as sent by an earlier server whose answer was lost (found through its quote, paid once)');
    expect(runs(next.sent, 'POST /credits/estimate')).toBe(0);
    expect(await balance(t.sb)).toBe(before - 66);
    expect(store.open()).toHaveLength(0);
  });

  it('whose quote expired before anything answered cannot be told: said so, and pay_again prices a new run', async () => {
    const store = new MemoryJournalStore();
    const first = await t.session({ maxCredits: 100, store });
    const list = await t.seededList('Unknown', 2);
    const args = { list_id: list, scope: 'partial' };
    const priced = structuredOf(await callTool(first, 'enrich_list', args));
    await loseAnswers('before');
    expect(textOf(await callTool(first, 'enrich_list', { ...args, quote_id: priced.quote.quote_id }))).toContain(
      'Error dispatch_outcome_unknown',
    );
    await clearFaults();
    await control(t.sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });

    const next = await t.session({ maxCredits: 100, store, now: () => (priced.quote.expires_at + 60) * 1000 });
    const unknown = await callTool(next, 'enrich_list', args);
    expect(textOf(unknown)).toContain('Error earlier_run_unknown');
    expect(textOf(unknown)).toContain('pay_again: true');
    const again = structuredOf(await callTool(next, 'enrich_list', { ...args, pay_again: true }));
    expect(again).toMatchObject({ status: 'priced', quote: { row_count: 2 } });
    expect(again.quote.quote_id).not.toBe(priced.quote.quote_id);
    expect(store.open()).toHaveLength(0);
  });
});

describe('writing a paid request down', () => {
  it('when the journal cannot be written (a full disk), the request is not sent, not counted, and the same quote runs once it can', async () => {
    const store = new MemoryJournalStore();
    let diskFull = true;
    const write = store.write.bind(store);
    store.write = (entry) => {
      if (diskFull) throw new Error('ENOSPC: no space left on device');
      write(entry);
    };
    const s = await t.session({ maxCredits: 10, store });
    const list = await t.seededList('Full disk', 2);
    const args = { list_id: list, scope: 'partial' };
    const priced = structuredOf(await callTool(s, 'enrich_list', args));
    const r = await callTool(s, 'enrich_list', { ...args, quote_id: priced.quote.quote_id });
    expect(textOf(r)).toContain(
      'Error paid_log_unwritable: the paid request could not be written down before sending (ENOSPC: no space left on device); nothing was sent',
    );
    expect(textOf(r)).toContain('Session: spent up to 0 credits');
    expect(runs(s.sent, 'POST /enrichment/bulk')).toBe(0);
    diskFull = false;
    expect(structuredOf(await callTool(s, 'enrich_list', { ...args, quote_id: priced.quote.quote_id })).status).toBe('ran');
  });
});
