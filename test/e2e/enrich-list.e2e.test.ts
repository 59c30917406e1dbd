import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { foundCost, usePaidSandbox } from './enrich-helpers.js';

const t = usePaidSandbox();

describe('enrich list: estimate, confirm, run', () => {
  it('without a terminal and without --yes it exits 10 and spends nothing; over --max-cost it exits 5 and spends nothing', async () => {
    await t.seedList('Q3', 40);
    const before = await t.balance();
    const refused = await t.run('enrich', 'list', 'Q3');
    expect(refused.exitCode, refused.stderr).toBe(10);
    expect(refused.stderr).toContain('Estimate: up to 40 credits for 40 rows (enrich_list)');
    expect(refused.stderr).toMatch(/no terminal is attached[\s\S]*Pass --yes to confirm, or --max-cost 40/);
    const capped = await t.run('enrich', 'list', 'Q3', '--scope', 'full', '--max-cost', '5');
    expect(capped.exitCode, capped.stderr).toBe(5);
    expect(capped.stderr).toMatch(/would cost up to 440 credits, over --max-cost 5/);
    expect(capped.stdout).toBe('');
    expect(await t.balance()).toBe(before);
    expect(await t.bulkPosts()).toBe(0);
  });

  it.each([
    ['partial', { email: true, phone: false }],
    ['full', { email: true, phone: true }],
    ['phone-only', { email: false, phone: true }],
  ] as const)(
    '--yes --scope %s: the charge never exceeds the estimate and the balance moves by exactly the charge',
    async (scope, wants) => {
      const listId = await t.seedList('Q3', 60);
      const est = json((await t.run('credits', 'estimate', '--tool', 'enrich_list', '--list', 'Q3', '--scope', scope, '--json')).stdout);
      const before = await t.balance();
      const r = await t.run('enrich', 'list', 'Q3', '--scope', scope, '--yes', '--json');
      expect([0], r.stderr).toContain(r.exitCode);
      const s = json(r.stdout);
      expect(s.status).toMatch(/^completed(_with_errors)?$/);
      expect(s.credits_reserved).toBe(est.estimated_cost);
      expect(s.credits_charged).toBeLessThanOrEqual(est.estimated_cost);
      expect(s.credits_charged + s.credits_refunded).toBe(s.credits_reserved);
      expect(await t.balance()).toBe(before - s.credits_charged);
      // Pay for results: exactly what the leads now hold.
      expect(s.credits_charged).toBe(foundCost(await t.leads(listId), wants));
      expect(r.stderr).toMatch(
        new RegExp(`Charged ${s.credits_charged} credits of ${s.credits_reserved} reserved, refunded ${s.credits_refunded}`),
      );
    },
  );

  it('--dry-run prints the quote and spends nothing; --lead-ids enriches only those leads', async () => {
    const listId = await t.seedList('Q3', 30);
    const before = await t.balance();
    const dry = await t.run('enrich', 'list', 'Q3', '--dry-run', '--json');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(json(dry.stdout)).toMatchObject({
      tool: 'enrich_list',
      row_count: 30,
      estimated_cost: 30,
      sufficient: true,
      quote_id: expect.stringMatching(/^qte_v1_/),
    });
    expect(dry.stderr).toContain('Dry run: nothing was spent');
    expect(await t.balance()).toBe(before);
    const ids = (await t.leads(listId)).slice(0, 4).map((l) => l.lead_id);
    const some = await t.run('enrich', 'list', 'Q3', '--lead-ids', ids.join(','), '--yes', '--json');
    expect(some.exitCode, some.stderr).toBe(0);
    expect(json(some.stdout)).toMatchObject({ total: 4, credits_reserved: 4 });
    const after = await t.leads(listId);
    expect(after.filter((l) => l.email && !ids.includes(l.lead_id))).toEqual([]);
  });

  it('a balance below the estimate exits 5 naming both figures; nothing is spent', async () => {
    await t.seedList('Q3', 40);
    await control(t.sb, 'POST', '/balance', { credits: 10 });
    const r = await t.run('enrich', 'list', 'Q3', '--yes');
    expect(r.exitCode, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/needs up to 40 credits and the organization has 10 credits/);
    expect(await t.balance()).toBe(10);
    expect(await t.bulkPosts()).toBe(0);
  });

  it('terminal states: failed exits 8, refunded in full (under review for an organization needing manual refunds); completed_with_errors is 0 with a warning, 8 with --strict', async () => {
    await t.seedList('Q3', 20);
    const before = await t.balance();
    await control(t.sb, 'POST', '/enrichment/outcomes', { status: 'failed', kinds: ['bulk'], count: 2 });
    const refunded = await t.run('enrich', 'list', 'Q3', '--yes', '--json');
    expect(refunded.exitCode, refunded.stderr).toBe(8);
    expect(json(refunded.stdout)).toMatchObject({
      status: 'failed',
      credits_charged: 0,
      credits_refunded: 20,
      refund_status: 'not_applicable',
    });
    expect(await t.balance()).toBe(before);
    // An organization whose prepaid runs need a manual refund (fixture manual_refunds).
    t.sb.store.organization(t.sb.store.demo.organization_id)!.manual_refunds = true;
    const failed = await t.run('enrich', 'list', 'Q3', '--yes', '--json');
    expect(failed.exitCode, failed.stderr).toBe(8);
    expect(json(failed.stdout)).toMatchObject({
      status: 'failed',
      credits_charged: 0,
      credits_refunded: 0,
      refund_status: 'pending_review',
    });
    expect(failed.stderr).toMatch(/ended failed[\s\S]*awaits a manual refund review/);
    expect(await t.balance()).toBe(before - 20);

    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 0.5 } });
    const mixed = await t.run('enrich', 'list', 'Q3', '--yes');
    expect(mixed.exitCode, mixed.stderr).toBe(0);
    expect(mixed.stderr).toMatch(/warning: \d+ of 20 rows found nothing \(not charged\)/);
    const strict = await t.run('enrich', 'list', 'Q3', '--yes', '--strict', '--all-leads');
    expect(strict.exitCode, strict.stderr).toBe(8);

    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const all = await t.run('enrich', 'list', 'Q3', '--yes', '--json', '--all-leads');
    expect(all.exitCode, all.stderr).toBe(0);
    expect(json(all.stdout)).toMatchObject({ status: 'completed', completed: 20, credits_charged: 20, credits_refunded: 0 });
  });

  it('--no-wait prints the workflow id; enrich status shows it, --wait waits for the end; an unknown id exits 4', async () => {
    await t.seedList('Q3', 10);
    const started = await t.run('enrich', 'list', 'Q3', '--yes', '--no-wait', '--json');
    expect(started.exitCode, started.stderr).toBe(0);
    const { workflow_id } = json(started.stdout);
    expect(workflow_id).toMatch(/^bulk-enrich-/);
    expect(started.stderr).toContain(`prospect enrich status ${workflow_id} --wait`);
    const done = await t.run('enrich', 'status', workflow_id, '--wait', '--json');
    expect(done.exitCode, done.stderr).toBe(0);
    expect(json(done.stdout)).toMatchObject({ workflow_id, total: 10, processed: 10 });
    const unknown = await t.run('enrich', 'status', 'bulk-enrich-nope');
    expect(unknown.exitCode).toBe(4);
  });

  it('bad input exits 2 before anything is sent', async () => {
    await t.seedList('Q3', 5);
    const scope = await t.run('enrich', 'list', 'Q3', '--scope', 'phone_only');
    expect(scope.exitCode).toBe(2);
    expect(scope.stderr).toMatch(/--scope does not accept "phone_only"[\s\S]*Did you mean "phone-only"/);
    const many = await t.run('enrich', 'list', 'Q3', '--lead-ids', Array.from({ length: 501 }, (_, i) => `ld_${i}`).join(','));
    expect(many.exitCode).toBe(2);
    expect(many.stderr).toMatch(/500 of the filters\.lead_ids are not leads of list [\s\S]*\(--lead-ids\)/);
    const missing = await t.run('enrich', 'list', 'Nope', '--yes');
    expect(missing.exitCode).toBe(4);
    expect(await t.bulkPosts()).toBe(0);
  });
});
