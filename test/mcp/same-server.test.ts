import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { isolatedEnv } from '../helpers/binary.js';
import { JournalStore, journalDir } from '../../src/workflows/journal/file-store.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox } from './helpers.js';

/**
 * Two identical paid calls of one server at once (an assistant retrying, two tool calls in
 * parallel), and two SDK-like journals of one process (issue 31): the second waits for the first
 * one's answer and takes it. One process's own entries are awaited by the call that wrote them
 * until it answers, refuses or stops waiting, so the second does not resend the first one's quote
 * (which, for a sync, cannot be read back and ended in dispatch_outcome_unknown).
 */
const t = useMcpSandbox();

describe('one server, the same paid call twice at once', () => {
  it('sync_crm: one push, one charge; both calls answer with it, and the session counts it once', async () => {
    const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
    const s = await t.session({ toolset: 'all', maxCredits: 10, store: new JournalStore(journalDir(env)) });
    const list = await t.seededList('Q3', 16);
    const args = { list_id: list, provider: 'crm_one' };
    const priced = await Promise.all([0, 1].map(async () => structuredOf(await callTool(s, 'sync_crm', args)).quote.quote_id as string));
    const before = await balance(t.sb);
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/migrate/crm', kind: 'latency', phase: 'after', latency_ms: 1_500, count: 1 }],
    });
    const [a, b] = await Promise.all(priced.map((quote_id) => callTool(s, 'sync_crm', { ...args, quote_id })));
    for (const r of [a!, b!]) expect(structuredOf(r)?.status, textOf(r)).toBe('ran');
    expect(textOf(b!)).not.toContain('dispatch_outcome_unknown');
    expect(structuredOf(b!).result.workflow_id).toBe(structuredOf(a!).result.workflow_id);
    const pushes = (
      (await control(t.sb, 'GET', '/requests?limit=1000')).requests as Array<{ method: string; route: string; status_code: number }>
    ).filter((r) => r.method === 'POST' && r.route === '/migrate/crm');
    expect(pushes).toHaveLength(1);
    const charged = before - (await balance(t.sb));
    expect(charged).toBe(4);
    // The session counts the push once: what is left lets the next call of the same size run.
    expect(structuredOf(b!).spend.spent_up_to).toBe(4);
  });
});
