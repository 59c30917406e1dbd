import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * `--no-wait` prints the handle alone, for `ID=$(prospect ... --no-wait)`; every command the CLI
 * prints for a person to run next carries the flags that chose the service and identity (here
 * a profile whose name needs quoting) and runs exactly as printed, through a shell.
 */

const t = useSandboxEnv({ withKey: true });
const PROFILE = ['--profile', 'my work'];
const QUOTED = "prospect --profile 'my work'";
let env: Record<string, string | undefined>;
let cwd: string;

beforeEach(async () => {
  cwd = tempDir();
  // Nothing in the environment says which service or key: only the profile does.
  env = { ...t.env, PROSPECT_BASE_URL: undefined, PROSPECT_API_KEY: undefined };
  const login = await prospect(['auth', 'login', ...PROFILE, '--base-url', t.sb.url, '--with-token'], { env, input: t.sb.demoKey });
  expect(login.exitCode, login.stderr).toBe(0);
  const { list_id } = await control(t.sb, 'POST', '/lists', { name: 'Q3 CTOs' });
  await control(t.sb, 'POST', `/lists/${list_id}/generate`, { count: 20 });
  // Runs end as soon as they start, and no 429 waits: the printed commands run as processes, in real time.
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
  await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 1, row_ms: 0 } });
});

const run = (...args: string[]) => prospect([...PROFILE, ...args], { env, cwd });

/** Runs `args` with --no-wait: stdout is the handle and nothing else; the printed watch command finishes the work. */
async function startsAndWatches(args: string[], handle: RegExp): Promise<string> {
  const r = await run(...args, '--no-wait');
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stdout).toMatch(new RegExp(`^${handle.source}\\n$`));
  const id = r.stdout.trim();
  const printed = printedCommands(r.stderr);
  expect(printed).toHaveLength(1);
  expect(printed[0]!.startsWith(`${QUOTED} `)).toBe(true);
  expect(printed[0]).toContain(id);
  const watched = await runPrinted(printed[0]!, { env, cwd });
  expect(watched.exitCode, watched.stderr).toBe(0);
  return id;
}

describe('--no-wait prints the handle alone, and the printed command watches it', () => {
  it('enrich list, and the script form WF=$(...) then enrich status "$WF" --wait', async () => {
    await startsAndWatches(['enrich', 'list', 'Q3 CTOs', '--yes'], /bulk-enrich-\S+/);
    const script = `WF=$(${QUOTED} enrich list 'Q3 CTOs' --yes --no-wait) && ${QUOTED} enrich status "$WF" --wait --json`;
    const r = await runPrinted(script, { env, cwd });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout).status).toMatch(/^completed/);
    const whole = await run('enrich', 'list', 'Q3 CTOs', '--yes', '--no-wait', '--json', '--all-leads');
    expect(json(whole.stdout)).toMatchObject({ workflow_id: expect.stringMatching(/^bulk-enrich-/), status: 'pending', total_leads: 20 });
  });

  it('enrich person and enrich cohort', async () => {
    await startsAndWatches(
      ['enrich', 'person', '--list', 'Q3 CTOs', '--email', 'ada@example.com', '--type', 'partial', '--yes'],
      /enrich-\S+/,
    );
    const search = json((await run('search', 'people', '--seniority', 'C-Suite', '--limit', '3', '--json')).stdout);
    await startsAndWatches(['enrich', 'cohort', search.task_id, '--data-points', 'email', '--list', 'Q3 CTOs', '--yes'], /\S+/);
  });

  it('enrich legacy-bulk', async () => {
    const file = path.join(cwd, 'contacts.json');
    fs.writeFileSync(file, JSON.stringify({ contacts: [{ linkedin_url: 'https://www.linkedin.com/in/someone-new' }] }));
    await startsAndWatches(['enrich', 'legacy-bulk', 'contacts.json', '--yes'], /public_bulk_\S+/);
  });

  it('lists find-people and search people at-companies', async () => {
    const companies = json((await run('search', 'companies', '--headcount', '5001-10000', '--limit', '2', '--json')).stdout);
    await run('lists', 'add', 'Q3 CTOs', '--task', companies.task_id);
    await startsAndWatches(['lists', 'find-people', 'Q3 CTOs', '--company-ids', companies.results[0].company_id], /\S+/);
    const domain = companies.results[0].domain as string;
    const companyFilter = JSON.stringify({ op: 'and', conditions: [{ column: 'domain', type: 'in', value: [domain] }] });
    const personFilter = JSON.stringify({
      type: 'group_filter',
      op: 'and',
      filters: [{ column: 'company_domain', filter_type: 'in', value: [domain] }],
    });
    await startsAndWatches(['search', 'people', 'at-companies', '--company-filter', companyFilter, '--person-filter', personFilter], /\S+/);
  });
});

describe('a run still going', () => {
  it('enrich status prints the command that waits for the end, and it runs as printed', async () => {
    await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 3_600_000 } });
    const id = (await run('enrich', 'list', 'Q3 CTOs', '--yes', '--no-wait')).stdout.trim();
    const r = await run('enrich', 'status', id);
    expect(r.exitCode, r.stderr).toBe(0);
    const [wait] = printedCommands(r.stderr);
    expect(wait).toBe(`${QUOTED} enrich status ${id} --wait`);
    t.sb.services.clock.advance(3_600_000);
    const done = await runPrinted(wait!, { env, cwd });
    expect(done.exitCode, done.stderr).toBe(0);
  });
});
