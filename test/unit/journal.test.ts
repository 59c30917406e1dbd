import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { JOURNAL_KEEP_MS, JournalStore, newEntryId } from '../../src/cli/journal-store.js';
import { runIdOf, sameRequest, type JournalEntry } from '../../src/cli/journal-entry.js';
import { stateOf } from '../../src/commands/runs/run-rows.js';

/** The paid-run journal's files and the rules that read them: no network, no sandbox. */

const NOW = Date.UTC(2031, 0, 15, 10, 0, 0);

function entry(sentMs: number, over: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: newEntryId(sentMs),
    state: 'sent',
    sent_at: new Date(sentMs).toISOString(),
    tool: 'enrich_list',
    what: 'Enriching list "Q3" (full)',
    estimated_cost: 10,
    quote: { quote_id: 'qte_v1_x', expires_at: Math.floor(sentMs / 1000) + 300, estimated_cost: 10, tool: 'enrich_list', row_count: 10, filter_hash: 'h', available_credits: 100, sufficient: true },
    request: { method: 'POST', prefix: 'v2', path: '/enrichment/bulk', body: { list_id: 'lst_1', scope: 'full' } },
    service: { base_url: 'http://127.0.0.1:1/', sandbox: false, profile: 'default', key_fingerprint: '0123456789abcdef' },
    pid: process.pid,
    ...over,
  };
}

describe('JournalStore', () => {
  it('writes one private file per entry and lists them newest first, skipping what is not an entry', () => {
    const dir = path.join(tempDir(), 'paid-runs');
    const store = new JournalStore(dir);
    const older = entry(NOW - 60_000);
    const newer = entry(NOW);
    store.write(older);
    store.write(newer);
    writeFileSync(path.join(dir, `${newEntryId(NOW + 1)}.json`), '{"half": ');
    writeFileSync(path.join(dir, 'notes.txt'), 'not an entry');
    expect(store.list().map((e) => e.id)).toEqual([newer.id, older.id]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, `${newer.id}.json`)).mode & 0o777).toBe(0o600);
  });

  it('an entry written again replaces its file whole', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const e = entry(NOW);
    store.write(e);
    store.write({ ...e, state: 'answered', run_id: 'bulk-enrich-1' });
    expect(store.list()).toMatchObject([{ id: e.id, state: 'answered', run_id: 'bulk-enrich-1' }]);
    expect(readdirSync(store.dir)).toHaveLength(1);
  });

  it('prune removes entries sent more than 30 days ago and keeps the rest', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const old = entry(NOW - JOURNAL_KEEP_MS - 1);
    const kept = entry(NOW - JOURNAL_KEEP_MS + 60_000);
    store.write(old);
    store.write(kept);
    store.prune(NOW);
    expect(store.list().map((e) => e.id)).toEqual([kept.id]);
  });

  it('a folder that does not exist yet lists nothing', () => {
    expect(new JournalStore(path.join(tempDir(), 'none', 'paid-runs')).list()).toEqual([]);
  });
});

describe('journal rules', () => {
  it('the same request is the same method, path and body whatever the key order; any other value is another request', () => {
    const a = entry(NOW).request;
    expect(sameRequest(a, { ...a, body: { scope: 'full', list_id: 'lst_1' } })).toBe(true);
    expect(sameRequest(a, { ...a, body: { list_id: 'lst_1', scope: 'partial' } })).toBe(false);
    expect(sameRequest(a, { ...a, body: { ...a.body, lead_ids: ['ld_1'] } })).toBe(false);
    expect(sameRequest(a, { ...a, prefix: 'v1' })).toBe(false);
  });

  it("the run id is the agent run's, else the workflow's, else the cohort handle", () => {
    expect(runIdOf({ smart_agent_task_id: 'agent-1', task_id: 'agent-1' })).toBe('agent-1');
    expect(runIdOf({ workflow_id: 'bulk-enrich-1', task_id: 'svc-task_1' })).toBe('bulk-enrich-1');
    expect(runIdOf({ workflow_id: null, task_id: 'svc-task_1' })).toBe('svc-task_1');
    expect(runIdOf({ company: {} })).toBeNull();
  });

  it('a request with no answer is open while its quote lives and unknown after', () => {
    const e = entry(NOW);
    expect(stateOf(e, NOW + 299_000)).toBe('open');
    expect(stateOf(e, NOW + 300_000)).toBe('unknown');
    expect(stateOf({ ...e, state: 'answered' }, NOW + 600_000)).toBe('answered');
  });
});
