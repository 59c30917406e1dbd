import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox } from './helpers.js';
import { rewritingProxy, type RewritingProxy } from './rewriting-proxy.js';

/**
 * The spend verdict fails closed in MCP (issue 31): a quote that does not make sense is refused
 * when priced, spends nothing, never moves the session's budget, and its id runs nothing; a run
 * that took more than its quote is an error result. The service is made to answer wrongly by a
 * proxy that rewrites its answers (the sandbox's faults cannot).
 */
const t = useMcpSandbox();
let proxy: RewritingProxy;
beforeEach(async () => {
  proxy = await rewritingProxy(t.sb.url);
});
afterEach(() => proxy.close());

const ESTIMATE = 'POST /credits/estimate';
const BULK = 'POST /enrichment/bulk';
const runs = (sent: string[], route: string) => sent.filter((r) => r === route).length;

/** Estimates answer `change` over the service's quote; the real quote ids it answered are kept in `ids`. */
function badEstimates(change: Record<string, unknown>): string[] {
  const ids: string[] = [];
  proxy.rewrites.set(ESTIMATE, (q) => (ids.push(q.quote_id as string), { ...q, ...change }));
  return ids;
}

const CASES: Array<[string, Record<string, unknown>, string]> = [
  ['a null cost', { estimated_cost: null }, 'estimated_cost null is not a whole number of credits'],
  ['a negative cost', { estimated_cost: -50 }, 'estimated_cost -50 is not a whole number of credits'],
  ['a fractional cost', { estimated_cost: 2.5 }, 'estimated_cost 2.5 is not a whole number of credits'],
  ['a sufficient that is not a boolean', { sufficient: 'yes' }, 'sufficient "yes" is not true or false'],
  ['no quote_id', { quote_id: null }, 'it has no quote_id'],
];

describe('a quote that does not make sense spends nothing and leaves the budget as it was', () => {
  for (const [name, change, said] of CASES)
    it(`${name}: refused when priced, its id runs nothing, the budget unchanged`, async () => {
      const s = await t.session({ maxCredits: 10, baseUrl: proxy.url });
      const list = await t.seededList('Bad quote', 3);
      const before = await balance(t.sb);
      const ids = badEstimates(change);
      const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain(`Error quote_malformed: the service's quote does not make sense (${said}); nothing was spent`);
      expect(textOf(r)).toContain(
        'Session: spent up to 0 credits (0 credits approved by the person); 10 credits of --max-credits 10 left.',
      );

      // The quote the service really minted behind the bad answer is no quote of this session.
      const run = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: ids[0] });
      expect(textOf(run)).toContain('Error quote_unknown');

      proxy.rewrites.clear();
      const good = structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' }));
      expect(good).toMatchObject({ status: 'priced', quote: { estimated_cost: 3 }, spend: { spent_up_to: 0, budget_left: 10 } });
      expect(runs(s.sent, BULK)).toBe(0);
      expect(await balance(t.sb)).toBe(before);
    });

  it('at --max-credits 0 with a client that can ask: refused before the person is asked, nothing sent', async () => {
    const s = await t.session({ maxCredits: 0, answer: 'accept', baseUrl: proxy.url });
    const list = await t.seededList('Zero', 3);
    const before = await balance(t.sb);
    badEstimates({ estimated_cost: null });
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' });
    expect(textOf(r)).toContain('Error quote_malformed');
    expect(s.asked).toEqual([]);
    expect(runs(s.sent, BULK)).toBe(0);
    expect(await balance(t.sb)).toBe(before);
  });

  it('a job of several runs is refused whole when one of its quotes does not make sense: none of its ids runs', async () => {
    // Two leads with a phone (the email alone for them) and two with nothing (both): scope full prices two runs.
    const dir = tempDir('mcp-bad-job-');
    writeFileSync(
      path.join(dir, 'job.csv'),
      'First,Last,Company,Phone\nAda,Lee,Acme,+15550001111\nBo,Li,Acme,+15550002222\nCy,Ng,Acme,\nDi,Xu,Acme,\n',
    );
    const s = await t.session({ maxCredits: 1000, baseUrl: proxy.url, cwd: dir });
    const list = await t.seededList('Job', 0);
    await callTool(s, 'lists_import_csv', {
      list_id: list,
      file: 'job.csv',
      column_mapping: { first_name: 'First', last_name: 'Last', company_name: 'Company', phone: 'Phone' },
      dispatch_enrichment: false,
    });
    const ids: string[] = [];
    proxy.rewrites.set(ESTIMATE, (q) => (ids.push(q.quote_id as string), ids.length === 2 ? { ...q, estimated_cost: -100 } : q));
    const before = await balance(t.sb);
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'full' });
    expect(ids).toHaveLength(2);
    expect(textOf(r)).toContain('Error quote_malformed');
    for (const id of ids)
      expect(textOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'full', quote_id: id }))).toContain('Error quote_unknown');
    expect(runs(s.sent, BULK)).toBe(0);
    expect(await balance(t.sb)).toBe(before);
  });

  it('credits_estimate: a quote that does not make sense is an error, and enrich_list will not run its id', async () => {
    const s = await t.session({ maxCredits: 100, baseUrl: proxy.url });
    const list = await t.seededList('Estimated', 3);
    const ids = badEstimates({ estimated_cost: -5 });
    const r = await callTool(s, 'credits_estimate', { tool: 'enrich_list', list_id: list, scope: 'partial' });
    expect(textOf(r)).toContain('Error quote_malformed');
    const run = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: ids[0] });
    expect(textOf(run)).toContain('Error quote_unknown');
    expect(runs(s.sent, BULK)).toBe(0);
  });
});

describe('a run that took more than its quote', () => {
  it('is an error result saying what it took; the run stands, and what it took is counted', async () => {
    const s = await t.session({ maxCredits: 100, baseUrl: proxy.url });
    const list = await t.seededList('Overcharged', 3);
    const p = structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' }));
    expect(p.quote.estimated_cost).toBe(3);
    proxy.rewrites.set(BULK, (a) => ({ ...a, credits_reserved: 999 }));
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: p.quote.quote_id });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(
      'Error charge_above_quote: enrich_list ran, and its run took 999 credits, more than the 3 credits approved on its quote; the run stands',
    );
    expect(textOf(r)).toMatch(/"workflow_id":"bulk-enrich-/);
    expect(textOf(r)).toContain('Session: spent up to 999 credits');
    // The same quote again: the same answer and the same error, nothing sent.
    expect(textOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: p.quote.quote_id }))).toContain(
      'Error charge_above_quote',
    );
    expect(runs(s.sent, BULK)).toBe(1);
  });
});
