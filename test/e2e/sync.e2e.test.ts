import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { records, shapeForSync } from '../sandbox/sync-helpers.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { prospect, runInProcess } from '../helpers/in-process.js';
import type { Prompter } from '../../src/cli/prompt.js';
import { usePaidSandbox } from './enrich-helpers.js';

const t = usePaidSandbox();

/** A list of `n` leads shaped for a sync (every 8th without an email): its id. */
async function syncList(name: string, n: number): Promise<string> {
  const id = await t.seedList(name, n);
  shapeForSync(records(t, id));
  return id;
}

/** The requests that reached the sandbox, as "METHOD /route". */
const requests = async (): Promise<string[]> =>
  ((await control(t.sb, 'GET', '/requests?limit=1000')).requests as Array<{ method: string; route: string }>).map(
    (r) => `${r.method} ${r.route}`,
  );
const held = async (key: string): Promise<any[]> => (await control(t.sb, 'GET', '/sync/destinations')).destinations[key] ?? [];

describe('sync crm: preview, then pay', () => {
  it('off a terminal without --yes: the preview (mapping, skipped leads with reasons) on stderr, exit 10, no sync sent, nothing charged', async () => {
    await syncList('Q3', 40);
    const before = await t.balance();
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one');
    expect(r.exitCode, r.stderr).toBe(10);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /Preview: list "Q3" to crm_one contacts, default field mapping[\s\S]* {2}email -> email\n {2}first_name -> firstname/,
    );
    expect(r.stderr).toMatch(
      /40 leads: \d+ to push, 5 to skip, \d+ the destination would refuse\.\nSkipped \(5\):\n {2}ld_\w+ {2}.+ {2}missing_email/,
    );
    expect(r.stderr.indexOf('Preview:')).toBeLessThan(r.stderr.indexOf('Estimate: up to 8 credits for 40 rows (sync_to_crm)'));
    expect(r.stderr).toMatch(/Pass --yes to confirm, or --max-cost 8/);
    expect(await t.balance()).toBe(before);
    expect(await requests()).not.toContain('POST /migrate/crm');
  });

  it('declined at the prompt: the preview came before the question and no sync (the only request carrying approved) reached the sandbox', async () => {
    await syncList('Q3', 16);
    const before = await t.balance();
    const seenAtPrompt: string[][] = [];
    const prompter: Prompter = {
      async confirm() {
        seenAtPrompt.push(await requests());
        return false;
      },
      secret: async () => '',
      text: async () => '',
    };
    const r = await runInProcess(['sync', 'crm', 'Q3', '--provider', 'crm_two'], { env: t.env, tty: true, prompter });
    expect(r.code, r.stderr).toBe(10);
    expect(seenAtPrompt).toHaveLength(1);
    expect(seenAtPrompt[0]).toEqual(expect.arrayContaining(['POST /migrate/preview', 'POST /credits/estimate']));
    expect(seenAtPrompt[0]).not.toContain('POST /migrate/crm');
    expect(r.stderr).toMatch(/Preview: list "Q3" to crm_two leads[\s\S]*declined; nothing was spent/);
    expect(await requests()).not.toContain('POST /migrate/crm');
    expect(await t.balance()).toBe(before);
  });

  it('--yes: 128 leads cost 26 credits, the balance moves by exactly 26; the result prints as an object whose counts match the preview', async () => {
    await syncList('Q3', 128);
    const before = await t.balance();
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out).toMatchObject({
      status: 'completed',
      provider: 'crm_one',
      total_leads: 128,
      skipped: 16,
      credits_charged: 26,
      estimated_cost: 26,
    });
    expect(out.successful + out.skipped + out.failed).toBe(128);
    expect(r.stderr).toContain(`128 leads: ${out.successful} to push, 16 to skip, ${out.failed} the destination would refuse.`);
    // The reasons come with the preview; the service's own summary (it names POST /migrate/preview) only under --debug.
    expect(r.stderr).toMatch(/Skipped \(16\):(\n {2}ld_\S+ .* missing_email){10}\n {2}\.\.\. and 6 more\n/);
    expect(r.stderr).not.toMatch(/POST \//);
    expect(await t.balance()).toBe(before - 26);
    expect(await held('crm_one/contacts')).toHaveLength(out.successful);
    const table = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes', '--format', 'tsv');
    expect(table.stdout.split('\n')[0]).toBe('workflow_id\tstatus\tprovider\ttotal_leads\tsuccessful\tskipped\tfailed\tcredits_charged');
  });

  it('--dry-run stops after the preview and the quote: nothing pushed or spent', async () => {
    await syncList('Q3', 20);
    const before = await t.balance();
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_two', '--sub-action', 'contacts', '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ tool: 'sync_to_crm', row_count: 20, estimated_cost: 4 });
    expect(r.stderr).toMatch(/Preview: list "Q3" to crm_two contacts[\s\S]*Dry run: nothing was spent/);
    expect(await requests()).not.toContain('POST /migrate/crm');
    expect(await t.balance()).toBe(before);
  });
});

describe('partner-license-only workspaces', () => {
  it('cannot preview (the helper routes are 403) but can sync: the command says so and goes on; --campaign takes an id there', async () => {
    await syncList('Q3', 10);
    const campaign = (await raw(t.sb, 'GET', '/api/v2/migrate/sequencer/campaigns', { token: t.sb.demoKey })).json.campaigns[1].campaign_id;
    await control(t.sb, 'POST', '/plan', { plan: 'free', partner_tier: 5 });
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: this workspace cannot preview syncs \(partner-license-only\); going on without a preview/);
    expect(json(r.stdout)).toMatchObject({ total_leads: 10, credits_charged: 2 });
    const seq = await t.run('sync', 'sequencer', 'Q3', '--campaign', campaign, '--yes', '--json');
    expect(seq.exitCode, seq.stderr).toBe(0);
    expect(json(seq.stdout)).toMatchObject({ campaign_id: campaign, credits_charged: 2 });
  });
});

describe('sync crm --mapping', () => {
  it('a custom mapping from a file or stdin is shown in the preview and applied to what the CRM holds', async () => {
    await syncList('Q3', 10);
    const file = path.join(tempDir(), 'mapping.json');
    writeFileSync(file, JSON.stringify({ email: 'work_email', title: 'role' }));
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--mapping', file, '--yes');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/custom field mapping \(list column -> crm_one property\):\n {2}email -> work_email\n {2}title -> role\n/);
    const contacts = await held('crm_one/contacts');
    expect(contacts.length).toBeGreaterThan(0);
    for (const c of contacts) expect(Object.keys(c.properties).sort()).toEqual(['role', 'work_email']);

    const input = JSON.stringify({ last_name: 'Surname', company: 'Employer' });
    const piped = await prospect(['sync', 'crm', 'Q3', '--provider', 'crm_two', '--mapping', '-', '--yes'], { env: t.env, input });
    expect(piped.exitCode, piped.stderr).toBe(0);
    for (const c of await held('crm_two/leads')) expect(Object.keys(c.properties).sort()).toEqual(['Employer', 'Surname']);
  });

  it.each([
    ['not JSON', '{"email": ', /--mapping file ".*" is not valid JSON/],
    ['not an object', '["email"]', /must be a JSON object/],
    ['a property that is not a name', '{"email": 3}', /not so for "email"/],
    ['empty', '{}', /--mapping is empty/],
  ])('a mapping that is %s is exit 2 before anything is sent', async (_what, text, message) => {
    await syncList('Q3', 4);
    const file = path.join(tempDir(), 'mapping.json');
    writeFileSync(file, text);
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--mapping', file, '--yes');
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(await requests()).toEqual([]);
  });

  it("an unreadable file is exit 2; a column the list does not have is the service's 400 (exit 2) naming the valid columns", async () => {
    await syncList('Q3', 4);
    const missing = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--mapping', path.join(tempDir(), 'nope.json'), '--yes');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/cannot read --mapping file/);
    const unknown = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--mapping', '{"email": "email", "twitter": "x"}', '--yes');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/does not have: twitter\. Valid columns: lead_id,/);
  });
});

describe('sync failures', () => {
  it("a push that fails as a whole exits 9 with the service's message (nothing pushed, credits refunded), sent once", async () => {
    await syncList('Q3', 30);
    const before = await t.balance();
    await control(t.sb, 'POST', '/sync/failures', { provider: 'crm_one' });
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes');
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toMatch(/error: internal_error: The push to crm_one contacts failed as a whole: nothing was pushed/);
    expect(r.stderr).toMatch(/the 6 credits reserved were refunded/);
    expect((await requests()).filter((x) => x === 'POST /migrate/crm')).toHaveLength(1);
    expect(await t.balance()).toBe(before);
    expect(await held('crm_one/contacts')).toEqual([]);
  });

  it('a 502 internal_error without details is final too: exit 9, not resent with the same quote, nothing charged', async () => {
    await syncList('Q3', 30);
    const before = await t.balance();
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/migrate/crm', kind: 'status', status: 502, code: 'internal_error', count: 1 }],
    });
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes');
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toMatch(/error: internal_error: The service failed to handle the request/);
    expect(r.stderr).not.toMatch(/dispatch_outcome_unknown/);
    expect((await control(t.sb, 'GET', '/faults')).rules[0].matched).toBe(1);
    expect(await t.balance()).toBe(before);
    expect(await held('crm_one/contacts')).toEqual([]);
  });

  it('a sync that ends status failed prints its result, then exits 8 saying so; charged in full', async () => {
    await syncList('Q3', 40);
    const before = await t.balance();
    await control(t.sb, 'POST', '/sync/failures', { provider: 'crm_one', outcome: 'status_failed' });
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(8);
    expect(json(r.stdout)).toMatchObject({ status: 'failed', total_leads: 40, successful: 0, skipped: 5, failed: 35, credits_charged: 8 });
    const error = json(r.stderr.trim().split('\n').at(-1)!).error;
    expect(error).toMatchObject({ code: 'job_failed', exit_code: 8 });
    expect(error.problem).toMatch(
      /^sync svc-sync_\S+ to crm_one ended failed: 0 of 40 leads pushed, 35 refused, 5 skipped; 8 credits charged$/,
    );
    expect(await t.balance()).toBe(before - 8);
    expect(await held('crm_one/contacts')).toEqual([]);
  });

  it('a lost answer after the push is not sent again with a new quote: exit 9, telling to check the destination; charged once', async () => {
    await syncList('Q3', 30);
    const before = await t.balance();
    await control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/migrate/crm', kind: 'drop', phase: 'after', count: 1 }] });
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes');
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toMatch(
      /dispatch_outcome_unknown[\s\S]*it paid for svc-sync_[\s\S]*look in crm_one for the leads of list lst_\w+ before syncing again/,
    );
    expect(await t.balance()).toBe(before - 6);
    // The resend with the same quote was refused (already redeemed): one push, one quote.
    const sent = await requests();
    expect(sent.filter((x) => x === 'POST /migrate/crm')).toHaveLength(2);
    expect(sent.filter((x) => x === 'POST /credits/estimate')).toHaveLength(1);
  });

  it('provider_not_connected is exit 2 naming the setting; --provider is required', async () => {
    await syncList('Q3', 4);
    await control(t.sb, 'POST', '/connections', { provider: 'crm_one', connected: false });
    const r = await t.run('sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/provider_not_connected: crm_one is not connected[\s\S]*Settings > Integrations/);
    const none = await t.run('sync', 'crm', 'Q3', '--yes');
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/--provider is required/);
  });
});

describe('sync sequencer', () => {
  it('--campaign takes an exact name; the leads go into that campaign', async () => {
    await syncList('Q3', 24);
    const r = await t.run('sync', 'sequencer', 'Q3', '--campaign', 'Founder follow-up', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out).toMatchObject({
      provider: 'sequencer_one',
      total_leads: 24,
      skipped: 3,
      credits_charged: 5,
      campaign_id: expect.stringMatching(/^camp_/),
    });
    expect(await held(`sequencer_one/${out.campaign_id}`)).toHaveLength(out.successful);
  });

  it('an unknown campaign is exit 4 listing the campaigns, before any quote', async () => {
    await syncList('Q3', 4);
    const r = await t.run('sync', 'sequencer', 'Q3', '--campaign', 'Spring launch', '--yes');
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(
      /no campaign "Spring launch" in sequencer_one[\s\S]*camp_\w+ {2}Outbound: engineering leaders {2}\(active, 120 leads\)/,
    );
    expect(await requests()).not.toContain('POST /credits/estimate');
  });
});
