import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { control, raw } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { runInProcess, sandboxClock } from '../helpers/in-process.js';
import type { Prompter } from '../../src/cli/prompt.js';
import { foundCost, usePaidSandbox } from './enrich-helpers.js';

/**
 * Enriching a list again pays only for what is missing (issue 18, point 5): by default only the
 * leads lacking what the scope finds are enriched, in runs of up to 500 under one estimate and
 * one question; --all-leads enriches everyone again. Request counts are read from the sandbox's
 * request log.
 */
const t = usePaidSandbox();

type Logged = { id: string; method: string; route: string };
const log = async () => (await control(t.sb, 'GET', '/requests?limit=50000')).requests as Logged[];

/** The requests `work` made, oldest first, as "METHOD route". */
async function requestsOf(work: () => Promise<unknown>): Promise<string[]> {
  const before = new Set((await log()).map((r) => r.id));
  await work();
  return (await log())
    .filter((r) => !before.has(r.id))
    .reverse()
    .map((r) => `${r.method} ${r.route}`);
}
const count = (requests: readonly string[], what: string) => requests.filter((r) => r === what).length;
const LEAD_PAGES = 'GET /lead-lists/{list_id}/leads';
const BULK = 'POST /enrichment/bulk';
const ESTIMATE = 'POST /credits/estimate';

const withEmail = (leads: ReadonlyArray<Record<string, any>>) => leads.filter((l) => l.email).length;

describe('enrich list again pays only for what is missing', () => {
  it('a re-run enriches only the leads without an email: the estimate says how many were skipped and what the check cost; the rest is not charged again', async () => {
    const listId = await t.seedList('Q3', 126);
    const first = await t.run('enrich', 'list', 'Q3', '--yes', '--json');
    expect(first.exitCode, first.stderr).toBe(0);
    const leads = await t.leads(listId);
    const had = withEmail(leads);
    expect(had).toBeGreaterThan(0);
    expect(had).toBeLessThan(126);

    const before = await t.balance();
    let again!: Awaited<ReturnType<typeof t.run>>;
    const requests = await requestsOf(async () => (again = await t.run('enrich', 'list', 'Q3', '--yes', '--json')));
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      `Checked 126 leads in 2 requests (its leads in pages of 500, 1 earlier run): ${had} already have an email, skipped (--all-leads enriches them again).`,
    );
    expect(again.stderr).toContain(`Estimate: up to ${126 - had} credits for ${126 - had} rows (enrich_list)`);
    const r = json(again.stdout);
    expect(r).toMatchObject({
      total: 126 - had,
      credits_reserved: 126 - had,
      skipped: { has_email: had },
      check: { leads_read: 126, requests: 2 },
    });
    expect(r.runs).toHaveLength(1);
    // Leads that had an email keep it and are not charged: what was charged is what the others found now.
    const after = await t.leads(listId);
    const newlyFound = after.filter((l) => l.email && !leads.find((o) => o.lead_id === l.lead_id)?.email);
    expect(r.credits_charged).toBe(newlyFound.length);
    expect(await t.balance()).toBe(before - r.credits_charged);
    expect(count(requests, LEAD_PAGES)).toBe(1);
    expect(count(requests, 'GET /lead-lists/{list_id}')).toBe(0);
    expect(count(requests, BULK)).toBe(1);
  });

  it('after a CSV import, the emails and phones the file brought are held: not paid for, not replaced', async () => {
    // 40 rows, the even ones with the CRM's own email, every fourth with a phone.
    const rows = Array.from(
      { length: 40 },
      (_, i) =>
        `Ann${i},Lee${i},Acme ${i},${i % 2 === 0 ? `ann${i}@crm.example` : ''},${i % 4 === 0 ? `+1555000${String(i).padStart(4, '0')}` : ''}`,
    );
    const file = path.join(tempDir(), 'crm.csv');
    writeFileSync(file, `First Name,Last Name,Company,Email,Phone\n${rows.join('\n')}\n`);
    const imported = await t.run('import', 'CRM', file, '--create', '--json');
    expect(imported.exitCode, imported.stderr).toBe(0);
    const listId = json(imported.stdout).list_id as string;
    const before = await t.leads(listId);
    const crmEmails = new Map(before.filter((l) => l.email).map((l) => [l.lead_id, l.email]));
    expect(crmEmails.size).toBe(20);

    const dry = await t.run('enrich', 'list', 'CRM', '--dry-run');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('20 already have an email, skipped (--all-leads enriches them again)');
    expect(dry.stderr).toContain('Estimate: up to 20 credits for 20 rows (enrich_list)');
    const phones = await t.run('enrich', 'list', 'CRM', '--scope', 'phone-only', '--dry-run');
    expect(phones.stderr).toContain('10 already have a phone, skipped');
    expect(phones.stderr).toContain('Estimate: up to 300 credits for 30 rows');

    const balance = await t.balance();
    const r = await t.run('enrich', 'list', 'CRM', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out).toMatchObject({ credits_reserved: 20, skipped: { has_email: 20 } });
    const after = await t.leads(listId);
    for (const [id, email] of crmEmails) expect(after.find((l) => l.lead_id === id)?.email).toBe(email);
    expect(await t.balance()).toBe(balance - out.credits_charged);
    expect(out.credits_charged).toBeLessThanOrEqual(20);

    const again = await t.run('enrich', 'list', 'CRM', '--yes', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(await t.balance()).toBe(balance - out.credits_charged);
  });

  it('when every lead already has it, nothing is spent and the command to enrich them again is printed; --all-leads enriches everyone', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const listId = await t.seedList('Q3', 40);
    expect((await t.run('enrich', 'list', 'Q3', '--yes')).exitCode).toBe(0);
    expect(withEmail(await t.leads(listId))).toBe(40);
    const before = await t.balance();
    const nothing = await t.run('enrich', 'list', 'Q3', '--yes', '--json');
    expect(nothing.exitCode, nothing.stderr).toBe(0);
    expect(nothing.stderr).toContain('40 already have an email, skipped');
    expect(nothing.stderr).toContain(
      'Nothing to enrich: every selected lead already has what --scope partial finds. Enrich them again with: prospect enrich list Q3 --yes --json --all-leads',
    );
    expect(json(nothing.stdout)).toMatchObject({ runs: [], skipped: { has_email: 40 } });
    expect(await t.balance()).toBe(before);
    expect(await t.bulkPosts()).toBe(1);

    const all = await t.run('enrich', 'list', 'Q3', '--yes', '--json', '--all-leads');
    expect(all.exitCode, all.stderr).toBe(0);
    expect(all.stderr).toContain('Estimate: up to 40 credits for 40 rows');
    expect(json(all.stdout)).toMatchObject({ total: 40, credits_charged: 40, skipped: {} });
  });

  it('no lead holds an email: the leads are read (free), nothing is left out, and the whole list goes in one run', async () => {
    await t.seedList('Big', 1240);
    let r!: Awaited<ReturnType<typeof t.run>>;
    const requests = await requestsOf(async () => (r = await t.run('enrich', 'list', 'Big', '--yes', '--no-wait', '--json')));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Checked 1,240 leads in 3 requests (its leads in pages of 500): none is skipped.');
    expect(json(r.stdout)).toMatchObject({ total_leads: 1240, skipped: {}, check: { leads_read: 1240, requests: 3 } });
    expect(count(requests, LEAD_PAGES)).toBe(3);
    expect(count(requests, ESTIMATE)).toBe(1);
    expect(count(requests, BULK)).toBe(1);
  });

  it('some enriched: the leads are read in pages of 500, the rest go in runs of up to 500 under one estimate and one question', async () => {
    const listId = await t.seedList('Big', 1240);
    const done = (await t.leads(listId)).slice(0, 200).map((l) => l.lead_id);
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    expect((await t.run('enrich', 'list', 'Big', '--lead-ids', done.join(','), '--yes')).exitCode).toBe(0);

    // No terminal: refused with the one total (1,040 credits for three runs), nothing sent.
    const refused = await t.run('enrich', 'list', 'Big');
    expect(refused.exitCode, refused.stderr).toBe(10);
    expect(refused.stderr).toContain(
      'Checked 1,240 leads in 4 requests (its leads in pages of 500, 1 earlier run): 200 already have an email, skipped',
    );
    expect(refused.stderr).toContain('Estimate: up to 1,040 credits for 1,040 rows (enrich_list); ');
    expect(refused.stderr).toContain('In 3 runs of up to 500 leads, one quote each.');
    expect(refused.stderr.match(/Estimate:/g)).toHaveLength(1);
    expect(refused.stderr).toContain('--max-cost 1040');
    expect(await t.bulkPosts()).toBe(1);

    // A terminal: asked once for the whole spend.
    const asked: string[] = [];
    const prompter: Prompter = {
      confirm: async (q) => (asked.push(q), true),
      secret: async () => '',
      text: async () => '',
    };
    let r!: Awaited<ReturnType<typeof runInProcess>>;
    const before = await t.balance();
    const requests = await requestsOf(
      async () =>
        (r = await runInProcess(['enrich', 'list', 'Big', '--json'], { env: t.env, tty: true, prompter, clock: sandboxClock(t.sb) })),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toEqual(['Spend up to 1,040 credits?']);
    const out = json(r.stdout);
    expect(out.runs.map((s: any) => s.total)).toEqual([500, 500, 40]);
    // One status for the runs, as one run has it: a script reads .status whatever the count.
    expect(out).toMatchObject({
      status: 'completed',
      total: 1040,
      completed: 1040,
      credits_reserved: 1040,
      credits_charged: 1040,
      skipped: { has_email: 200 },
      check: { leads_read: 1240, requests: 4 },
    });
    expect(await t.balance()).toBe(before - 1040);
    expect(withEmail(await allLeads(listId))).toBe(1240);
    expect(count(requests, LEAD_PAGES)).toBe(3);
    expect(count(requests, ESTIMATE)).toBe(3);
    expect(count(requests, BULK)).toBe(3);
    expect(r.stderr).toMatch(/All 3 runs ended: 1,040 of 1,040 rows enriched\. Charged 1,040 credits of 1,040 reserved, refunded 0\./);
  });

  it('--no-wait prints the run ids one a line, and enrich status waits for them all', async () => {
    const listId = await t.seedList('Big', 1100);
    const some = (await t.leads(listId)).slice(0, 50).map((l) => l.lead_id);
    expect((await t.run('enrich', 'list', 'Big', '--lead-ids', some.join(','), '--yes')).exitCode).toBe(0);
    const started = await t.run('enrich', 'list', 'Big', '--yes', '--no-wait');
    expect(started.exitCode, started.stderr).toBe(0);
    const ids = started.stdout.trim().split('\n');
    expect(ids.length).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(id).toMatch(/^bulk-enrich-/);
    expect(started.stderr).toContain(`Watch them with: prospect enrich status ${ids.join(' ')} --wait`);
    const waited = await t.run('enrich', 'status', ...ids, '--wait', '--json');
    expect(waited.exitCode, waited.stderr).toBe(0);
    expect(json(waited.stdout).map((s: any) => s.workflow_id)).toEqual(ids);
  });

  it('run again while the first run still goes: its leads are not enriched (nor paid) twice', async () => {
    await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 600_000, row_ms: 0 } });
    const listId = await t.seedList('Q3', 60);
    const first = await t.run(
      'enrich',
      'list',
      'Q3',
      '--lead-ids',
      (await t.leads(listId))
        .slice(0, 20)
        .map((l) => l.lead_id)
        .join(','),
      '--yes',
      '--no-wait',
    );
    expect(first.exitCode, first.stderr).toBe(0);
    const wf = first.stdout.trim();
    const again = await t.run('enrich', 'list', 'Q3', '--yes', '--no-wait', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      `1 earlier run of this list is still going; the 20 leads it enriches are left out. Watch it with: prospect enrich status ${wf} --wait`,
    );
    expect(again.stderr).toContain('Estimate: up to 40 credits for 40 rows');
    expect(json(again.stdout)).toMatchObject({ total_leads: 40, runs_going: [wf], skipped: { in_earlier_run: 20 } });
    const whole = await t.run('enrich', 'list', 'Q3', '--yes', '--json');
    expect(whole.exitCode, whole.stderr).toBe(0);
    expect(whole.stderr).toContain(
      'Nothing to enrich: every selected lead already has what --scope partial finds or is in a run still going.',
    );
    expect(await t.bulkPosts()).toBe(2);
  });

  it('--scope full enriches only the part a lead lacks: the phone alone where there is an email; leads with both are skipped', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1, phone: 1 } });
    const listId = await t.seedList('Q3', 30);
    const leads = await t.leads(listId);
    expect(
      (
        await t.run(
          'enrich',
          'list',
          'Q3',
          '--lead-ids',
          leads
            .slice(0, 10)
            .map((l) => l.lead_id)
            .join(','),
          '--yes',
        )
      ).exitCode,
    ).toBe(0);
    expect(
      (
        await t.run(
          'enrich',
          'list',
          'Q3',
          '--lead-ids',
          leads
            .slice(10, 15)
            .map((l) => l.lead_id)
            .join(','),
          '--scope',
          'full',
          '--yes',
        )
      ).exitCode,
    ).toBe(0);
    // 5 with both (skipped), 10 with an email (phone alone, 10 each), 15 with nothing (full, 11 each).
    const before = await t.balance();
    const r = await t.run('enrich', 'list', 'Q3', '--scope', 'full', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      '5 already have an email and a phone, skipped (--all-leads enriches them again); 10 with an email get the phone alone.',
    );
    expect(r.stderr).toContain('Estimate: up to 265 credits for 25 rows (enrich_list)');
    const out = json(r.stdout);
    expect(out).toMatchObject({ credits_reserved: 265, credits_charged: 265, skipped: { has_email_and_phone: 5 } });
    expect(out.runs.map((s: any) => [s.enrichment_type, s.total]).sort()).toEqual([
      ['full', 15],
      ['phone_only', 10],
    ]);
    const after = await t.leads(listId);
    expect(after.every((l) => l.email && l.phone)).toBe(true);
    expect(await t.balance()).toBe(before - 265);
    expect(foundCost(after, { email: true, phone: true })).toBe(30 * 11);
  });

  it('--lead-ids over 500 are split into runs of up to 500 under one approval', async () => {
    const listId = await t.seedList('Big', 700);
    const ids = (await allLeads(listId)).slice(0, 620).map((l) => l.lead_id);
    const r = await t.run('enrich', 'list', 'Big', '--lead-ids', ids.join(','), '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Estimate: up to 620 credits for 620 rows (enrich_list); ');
    expect(r.stderr).toContain('In 2 runs of up to 500 leads, one quote each.');
    const out = json(r.stdout);
    expect(out.runs.map((s: any) => s.total)).toEqual([500, 120]);
    expect(out.credits_reserved).toBe(620);
    expect(await t.bulkPosts()).toBe(2);
    const untouched = (await allLeads(listId)).filter((l) => !ids.includes(l.lead_id));
    expect(untouched.filter((l) => l.email)).toEqual([]);
  });

  it('a workspace that cannot enrich part of a list: exit 3 before anything is spent, with the command that enriches every lead', async () => {
    const listId = await t.seedList('Q3', 30);
    const some = (await t.leads(listId)).slice(0, 10).map((l) => l.lead_id);
    expect((await t.run('enrich', 'list', 'Q3', '--lead-ids', some.join(','), '--yes')).exitCode).toBe(0);
    await control(t.sb, 'POST', '/plan', { plan: 'free', partner_tier: 5 });
    const before = await t.balance();
    const r = await t.run('enrich', 'list', 'Q3', '--yes');
    expect(r.exitCode, r.stderr).toBe(3);
    expect(r.stderr).toContain(
      'error: feature_gated: this workspace cannot enrich part of a list, so the leads that already have what the scope finds cannot be left out; nothing was spent',
    );
    expect(r.stderr).toContain(
      'fix: Enrich every lead of the list again (paying again for those found again) with: prospect enrich list Q3 --yes --all-leads',
    );
    expect(await t.balance()).toBe(before);
    const all = await t.run('enrich', 'list', 'Q3', '--yes', '--all-leads', '--json');
    expect(all.exitCode, all.stderr).toBe(0);
    expect(json(all.stdout)).toMatchObject({ total: 30, skipped: {}, check: null });
  });

  it('--dry-run prints the total and each quote, and spends nothing', async () => {
    const listId = await t.seedList('Big', 800);
    const some = (await t.leads(listId)).slice(0, 100).map((l) => l.lead_id);
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    expect((await t.run('enrich', 'list', 'Big', '--lead-ids', some.join(','), '--yes')).exitCode).toBe(0);
    const before = await t.balance();
    const dry = await t.run('enrich', 'list', 'Big', '--dry-run', '--json');
    expect(dry.exitCode, dry.stderr).toBe(0);
    const out = json(dry.stdout);
    expect(out).toMatchObject({ row_count: 700, estimated_cost: 700, skipped: { has_email: 100 } });
    expect(out.runs.map((q: any) => q.row_count)).toEqual([500, 200]);
    expect(dry.stderr).toContain('Dry run: nothing was spent.');
    expect(await t.balance()).toBe(before);
    expect(await t.bulkPosts()).toBe(1);
  });
});

/** Every lead of a list, following cursors (t.leads reads one page of 500). */
async function allLeads(listId: string): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  do {
    const q: string = `/api/v2/lead-lists/${listId}/leads?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await raw(t.sb, 'GET', q, { token: t.sb.demoKey })).json;
    out.push(...page.leads);
    cursor = page.cursor;
  } while (cursor);
  return out;
}
