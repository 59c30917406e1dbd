import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { foundCost, usePaidSandbox } from './enrich-helpers.js';
import { answerWith, receiver, type Receiver } from '../sandbox/legacy-helpers.js';

const t = usePaidSandbox();

const file = (name: string, text: string) => {
  const f = path.join(tempDir(), name);
  writeFileSync(f, text);
  return f;
};

/** People of the data set as CSV rows a user would import: name, company domain, title. */
async function peopleCsv(limit: number): Promise<{ csv: string; rows: any[] }> {
  const r = json((await t.run('search', 'people', '--seniority', 'Manager', '--limit', String(limit), '--json')).stdout);
  const rows = r.results as any[];
  return {
    rows,
    csv:
      ['First Name,Last Name,Website,Title', ...rows.map((p) => `${p.first_name},${p.last_name},${p.domain},"${p.title}"`)].join('\n') +
      '\n',
  };
}

let hook: Receiver;
beforeAll(async () => {
  hook = await receiver(answerWith(200));
});
afterAll(() => hook.close());

describe('import --enrich', () => {
  it('imports and enriches through the paid flow; the balance moves by the charge; a re-run replays and charges nothing again', async () => {
    const { csv } = await peopleCsv(30);
    const f = file('leads.csv', csv + 'Nobody,,,\n');
    const listId = await t.seedList('Imported', 0);
    const refused = await t.run('import', 'Imported', f, '--enrich', 'partial');
    expect(refused.exitCode, refused.stderr).toBe(10);
    expect(refused.stderr).toContain('Estimate: up to 30 credits for 30 rows (bulk_import_csv)');
    expect(await t.leads(listId)).toEqual([]);

    const before = await t.balance();
    const r = await t.run('import', 'Imported', f, '--enrich', 'partial', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const report = json(r.stdout);
    expect(report).toMatchObject({
      rows_parsed: 31,
      rows_imported: 30,
      rows_skipped: 1,
      enrichment: { type: 'partial', runs: 1, rows: 30, credits_reserved: 30 },
    });
    const leads = await t.leads(listId);
    expect(report.enrichment.credits_charged).toBe(foundCost(leads, { email: true, phone: false }));
    expect(report.enrichment.credits_charged).toBeGreaterThan(0);
    expect(await t.balance()).toBe(before - report.enrichment.credits_charged);

    const again = await t.run('import', 'Imported', f, '--enrich', 'partial', '--yes', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(json(again.stdout)).toMatchObject({
      chunks_replayed: 1,
      enrichment: { workflow_ids: report.enrichment.workflow_ids, credits_charged: report.enrichment.credits_charged },
    });
    expect(again.stderr).toContain('1 chunk was replayed: its run was charged once, when first sent, not again.');
    expect(await t.balance()).toBe(before - report.enrichment.credits_charged);
  });

  it('a file of several chunks is quoted chunk by chunk under the approved total; --max-cost below the total exits 5 before anything is sent', async () => {
    const rows = Array.from({ length: 1100 }, (_, i) => `Person${i},Tester${i},company${i % 40}.example`);
    const f = file('many.csv', `first_name,last_name,company_domain\n${rows.join('\n')}\n`);
    const listId = await t.seedList('Many', 0);
    const capped = await t.run('import', 'Many', f, '--enrich', 'partial', '--max-cost', '1000');
    expect(capped.exitCode, capped.stderr).toBe(5);
    expect(await t.leads(listId)).toEqual([]);
    const before = await t.balance();
    const r = await t.run('import', 'Many', f, '--enrich', 'partial', '--max-cost', '1100', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const e = json(r.stdout).enrichment;
    // 600 rows a chunk: two chunks, each quoted and run on its own.
    expect(e.runs).toBe(2);
    expect(e.rows).toBe(1100);
    expect(e.credits_reserved).toBe(1100);
    expect(e.credits_charged + e.credits_refunded).toBe(1100);
    expect(await t.balance()).toBe(before - e.credits_charged);
  });
});

describe('enrich legacy-bulk (v1), legacy-status, webhooks deliveries', () => {
  it('enriches contacts, posts the webhook once without credentials, and lists the delivery', async () => {
    const { rows } = await peopleCsv(3);
    const contacts = rows.map((p) => ({ linkedin_url: p.linkedin_url }));
    const f = file('contacts.json', JSON.stringify({ contacts }));
    const hitsBefore = hook.hits.length;
    const before = await t.balance();
    const r = await t.run('enrich', 'legacy-bulk', f, '--type', 'full', '--webhook-url', hook.url, '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    // --json prints the status as the service answers it, as legacy-status does.
    const w = json(r.stdout).workflow;
    expect(w).toMatchObject({ workflow_id: expect.stringMatching(/^public_bulk_/), total_prospects: 3 });
    expect(r.stderr).toContain('Estimate: up to 33 credits for 3 rows');
    const charged = (w.emails_found ?? 0) + 10 * (w.phones_found ?? 0);
    expect(r.stderr).toContain(`Charged ${charged} credits of 33 reserved, refunded ${33 - charged}`);
    expect(await t.balance()).toBe(before - charged);

    await hook.arrived(hitsBefore + 1);
    const received = hook.hits.slice(hitsBefore);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      event: 'enrichment.completed',
      workflow_id: w.workflow_id,
      summary: { total: 3 },
    });
    const d = await t.run('webhooks', 'deliveries', w.workflow_id, '--json');
    expect(d.exitCode, d.stderr).toBe(0);
    expect(json(d.stdout)).toEqual([
      expect.objectContaining({ attempt_number: 1, status: 'delivered', response_status_code: 200, webhook_id: hook.url }),
    ]);

    const st = await t.run('enrich', 'legacy-status', '--workflow', w.workflow_id, '--json');
    expect(json(st.stdout).workflow).toMatchObject({ workflow_id: w.workflow_id, total_prospects: 3 });
    const dup = await t.run('enrich', 'legacy-bulk', f, '--yes');
    expect(dup.exitCode).toBe(2);
    expect(dup.stderr).toMatch(/duplicate/i);
  });

  it('checks the file and the webhook URL before sending', async () => {
    const one = file('one.csv', 'LinkedIn,Name\nhttps://www.linkedin.com/in/someone,Some One\n');
    const http1 = await t.run('enrich', 'legacy-bulk', one, '--webhook-url', 'http://hooks.example.com/x', '--yes');
    expect(http1.exitCode).toBe(2);
    expect(http1.stderr).toMatch(/--webhook-url must be https/);
    const many = file(
      'many.json',
      JSON.stringify(Array.from({ length: 251 }, (_, i) => ({ linkedin_url: `https://www.linkedin.com/in/p${i}` }))),
    );
    const tooMany = await t.run('enrich', 'legacy-bulk', many, '--yes');
    expect(tooMany.exitCode).toBe(2);
    expect(tooMany.stderr).toMatch(/251 contacts; v1 bulk enrichment takes at most 250/);
    const vague = file('vague.csv', 'First Name,Last Name\nAda,Lovelace\n');
    const r = await t.run('enrich', 'legacy-bulk', vague, '--yes');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/1 contact cannot be identified \(row 2\)/);
    const neither = await t.run('enrich', 'legacy-status');
    expect(neither.exitCode).toBe(2);
    const short = await control(t.sb, 'POST', '/balance', { credits: 0 });
    expect(short.credits).toBe(0);
    const broke = await t.run('enrich', 'legacy-bulk', one, '--yes');
    expect(broke.exitCode).toBe(5);
  });
});
