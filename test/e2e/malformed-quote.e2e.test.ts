import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../helpers/json.js';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect, sandboxClock } from '../helpers/in-process.js';
import { rewritingProxy, type RewritingProxy } from '../mcp/rewriting-proxy.js';
import { usePaidSandbox } from './enrich-helpers.js';

/**
 * A quote that does not make sense spends nothing (issue 31): the CLI refuses an estimate whose
 * cost is null, negative or fractional, whose `sufficient` is not a boolean, or that has no id,
 * whatever --max-cost or --yes say; a run that took more than its approved quote is an error,
 * never a check mark. The service answering wrongly is a proxy in front of the sandbox.
 */
const t = usePaidSandbox();
let proxy: RewritingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function through(rewrite: Parameters<RewritingProxy['rewrites']['set']>[1], route = 'POST /credits/estimate') {
  proxy = await rewritingProxy(t.sb.url);
  proxy.rewrites.set(route, rewrite);
  const env = isolatedEnv({ PROSPECT_BASE_URL: proxy.url, PROSPECT_API_KEY: t.sb.demoKey });
  return (...args: string[]) => prospect(args, { env, clock: sandboxClock(t.sb) });
}

const BAD_QUOTES: Array<[string, Record<string, unknown>, string]> = [
  ['a null cost', { estimated_cost: null }, 'estimated_cost null is not a whole number of credits'],
  ['a negative cost', { estimated_cost: -50 }, 'estimated_cost -50 is not a whole number of credits'],
  ['a fractional cost', { estimated_cost: 2.5 }, 'estimated_cost 2.5 is not a whole number of credits'],
  ['sufficient not a boolean', { sufficient: 'yes' }, 'sufficient "yes" is not true or false'],
  ['no quote id', { quote_id: null }, 'it has no quote_id'],
  ['an expiry that is no time', { expires_at: 'soon' }, 'expires_at "soon" is not a time in Unix seconds'],
  ['an expiry past any date', { expires_at: 1e15 }, 'expires_at 1000000000000000 is not a time in Unix seconds'],
];

describe('a quote that does not make sense', () => {
  it.each(BAD_QUOTES)(
    '%s: exit 5, quote_malformed, nothing sent or spent, whatever --max-cost and --yes say',
    async (_what, change, said) => {
      await t.seedList('Q3', 20);
      const run = await through((q) => ({ ...q, ...change }));
      const before = await t.balance();
      const r = await run('enrich', 'list', 'Q3', '--max-cost', '1', '--yes');
      expect(r.exitCode, r.stderr).toBe(5);
      expect(r.stderr).toContain(`error: quote_malformed: the service's quote does not make sense (${said}); nothing was spent`);
      expect(r.stderr).not.toMatch(/Traceback|\n\s+at /);
      expect(await t.bulkPosts()).toBe(0);
      expect(await t.balance()).toBe(before);
    },
  );

  it('one paid command of each kind refuses it too: enrich person, enrich company, agents run', async () => {
    const list = await t.seedList('Q3', 5);
    const run = await through((q) => ({ ...q, estimated_cost: null }));
    const before = await t.balance();
    for (const args of [
      ['enrich', 'person', '--list', list, '--email', 'ann.lee@acme.example', '--yes'],
      ['enrich', 'company', '--domain', 'acme.example', '--yes'],
      ['agents', 'run', list, '--type', 'title_normalizer', '--column', 'Clean', '--yes'],
    ]) {
      const r = await run(...args);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(5);
      expect(r.stderr).toContain('error: quote_malformed:');
    }
    expect(await t.balance()).toBe(before);
  });

  it('a run that took more than its approved quote: exit 5, charge_above_quote, the answer kept; never "Charged" with a check mark', async () => {
    const run = await through((a) => ({ ...a, credits_charged: 999 }), 'POST /enrichment/company');
    const domain = json((await t.run('search', 'people', '--seniority', 'Director', '--limit', '1', '--json')).stdout).results[0]
      .domain as string;
    const r = await run('enrich', 'company', '--domain', domain, '--yes');
    expect(r.exitCode, r.stderr).toBe(5);
    expect(r.stderr).toContain('error: charge_above_quote: the run took 999 credits, more than the 1 approved on its quote');
    expect(r.stderr).not.toContain('✓');
    expect(r.stdout).toBe('');
    // With --json the error carries the run's answer: the company found is not lost.
    const j = await run('enrich', 'company', '--domain', domain, '--yes', '--json');
    expect(j.exitCode).toBe(5);
    expect(JSON.parse(j.stderr.slice(j.stderr.indexOf('{"error"'))).error).toMatchObject({
      code: 'charge_above_quote',
      details: { charged: 999, approved: 1, answer: { company: { domain } } },
    });
  });
});
