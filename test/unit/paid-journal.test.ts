import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalStore } from '../../src/workflows/journal/file-store.js';
import { JoinedRun, PaidJournal } from '../../src/workflows/journal/journal.js';
import { serviceIdentity } from '../../src/workflows/journal/entry.js';
import type { Quote } from '../../src/api/schemas/credits.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The journal writes a request down as `sending` before the attempt and as `sent` once it was
 * handed to the network whole (issue 31): one left `sending` by a process that is gone never
 * went out, so it is neither sent again through its quote nor joined by an identical request;
 * one `sent` by a sender still waiting is joined.
 */
const quote = {
  quote_id: 'qte_v1_x',
  expires_at: null,
  estimated_cost: 5,
  tool: 'enrich_list',
  row_count: 5,
  filter_hash: 'h',
  available_credits: 100,
  sufficient: true,
} as Quote;
const request = { method: 'POST', prefix: 'v2' as const, path: '/enrichment/bulk', body: { list_id: 'lst_1', scope: 'partial' } };

/** A journal over `dir` whose process probe says `host`, and whether the pids it asks about run. */
function journalOn(dir: string, host: string, alive = true) {
  return new PaidJournal({
    store: new JournalStore(dir),
    service: serviceIdentity('http://127.0.0.1:1', 'svcapi_x', 'default'),
    now: Date.now,
    notes: { info: () => {}, warn: () => {} },
    unwritable: (d) => new Error(`unwritable ${d}`),
    // Two journals of this process on two hosts: each takes the other's entries for another process's.
    probe: { host, alive: () => alive, startOf: () => null },
  });
}

describe('the paid-run journal writes a request as sending, then sent', () => {
  it('sending until handed to the network, sent after; an identical request joins only one that went out or whose sender still waits', async () => {
    const dir = path.join(tempDir(), 'paid-runs');
    const first = journalOn(dir, 'one');
    first.prepare();
    const record = await first.recording({ tool: 'enrich_list', what: 'w', quote, since: 0 }).sending(request, 'qte_v1_x');
    expect(first.store.open().map((e) => e.state)).toEqual(['sending']);
    // Not handed off yet: nothing to resend.
    expect(first.unanswered('enrich_list')).toEqual([]);

    // Another sender (alive, on another host) of the identical request joins this one.
    const other = journalOn(dir, 'two');
    await expect(other.recording({ tool: 'enrich_list', what: 'w', quote, since: 0 }).sending(request, 'qte_v1_y')).rejects.toBeInstanceOf(
      JoinedRun,
    );

    record.handedOff();
    expect(first.store.open().map((e) => e.state)).toEqual(['sent']);
    expect(first.unanswered('enrich_list')).toHaveLength(1);
  });

  it('one left sending by a sender that is gone never went out: not resent, not joined; the identical request goes with its own quote', async () => {
    const dir = path.join(tempDir(), 'paid-runs');
    const here = journalOn(dir, 'this-host', false);
    here.prepare();
    // Written down by a process of this host that is gone now (its probe says the pid no longer runs).
    const record = await journalOn(dir, 'this-host')
      .recording({ tool: 'enrich_list', what: 'w', quote, since: 0 })
      .sending(request, 'qte_v1_x');
    expect(record.open).toBe(true);
    const [left] = here.store.open();
    here.store.write({ ...left!, pid: 999_999 });
    expect(here.unanswered('enrich_list')).toEqual([]);
    const mine = await here.recording({ tool: 'enrich_list', what: 'w', quote, since: 0 }).sending(request, 'qte_v1_y');
    expect(mine.resend).toBe(false);
    expect(
      here.store
        .open()
        .map((e) => e.quote.quote_id)
        .sort(),
    ).toEqual(['qte_v1_x', 'qte_v1_y']);
  });
});
