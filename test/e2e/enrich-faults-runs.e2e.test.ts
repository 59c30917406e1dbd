import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { outcome, usePaidSandbox } from './enrich-helpers.js';

/** Never pay twice, for the other paid commands: a lost answer is found through the quote, or reported. */
const t = usePaidSandbox();

type Rule = Record<string, unknown>;

describe('person, cohort and company runs under injected faults', () => {
  it('enrich person and enrich cohort: a lost answer after the run started is found through the quote', async () => {
    const lost = { method: 'POST', count: 1, kind: 'drop', phase: 'after' };
    const person = async (rules: Rule[]) => {
      await control(t.sb, 'POST', '/reset', {});
      await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 }, hit_rates: { email: 1, phone: 1 } });
      await t.seedList('Q3', 0);
      if (rules.length) await control(t.sb, 'POST', '/faults', { rules });
      const r = await t.run(
        'enrich',
        'person',
        '--list',
        'Q3',
        '--first',
        'Ada',
        '--last',
        'Lovelace',
        '--domain',
        'example.com',
        '--type',
        'full',
        '--yes',
        '--json',
      );
      expect(r.exitCode, r.stderr).toBe(0);
      return { outcome: outcome(json(r.stdout)), email: json(r.stdout).result.email, balance: await t.balance() };
    };
    const clean = await person([]);
    expect(await person([{ ...lost, path: '/enrichment/person' }])).toEqual(clean);

    const cohort = async (rules: Rule[]) => {
      await control(t.sb, 'POST', '/reset', {});
      await control(t.sb, 'POST', '/rate-limits', { enabled: false });
      await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
      const search = json((await t.run('search', 'people', '--seniority', 'Director', '--limit', '12', '--json')).stdout);
      if (rules.length) await control(t.sb, 'POST', '/faults', { rules });
      const r = await t.run('enrich', 'cohort', search.task_id, '--data-points', 'Email,Phone', '--yes', '--json');
      expect(r.exitCode, r.stderr).toBe(0);
      return { outcome: outcome(json(r.stdout)), balance: await t.balance() };
    };
    const cleanCohort = await cohort([]);
    expect(await cohort([{ ...lost, path: '/enrichment/by-task' }])).toEqual(cleanCohort);
  });

  it('enrich company: an answer lost after the charge is reported, never paid again', async () => {
    const before = await t.balance();
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/company', count: 1, kind: 'drop', phase: 'after' }],
    });
    const r = await t.run('enrich', 'company', '--domain', (await companyDomain()) ?? '', '--yes');
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toMatch(/answer was lost[\s\S]*The quote was used, so the run started \(and was charged\)/);
    expect(await t.balance()).toBe(before - 1);
  });
});

async function companyDomain(): Promise<string | undefined> {
  const r = json((await t.run('search', 'people', '--seniority', 'Director', '--limit', '1', '--json')).stdout);
  return r.results[0]?.domain;
}
