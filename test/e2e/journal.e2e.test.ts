import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { BIN } from '../helpers/binary.js';
import { json } from '../helpers/json.js';
import { prospect, runInProcess, sandboxClock } from '../helpers/in-process.js';
import { runPrinted } from '../helpers/printed-command.js';
import { tempDir } from '../helpers/temp-dir.js';
import { useJournalSandbox } from './journal-helpers.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';

/**
 * A paid run whose answer is lost with the process (kill -9, Ctrl-C) is paid once: the request
 * was written in the paid-run journal before it went out, and the same command again resolves
 * it through its quote. The sandbox handles the request and holds the answer back, so the run
 * has started and been charged when the process goes.
 */
const t = useJournalSandbox();

const LIST_RUN = ['enrich', 'list', 'Q3', '--scope', 'full', '--yes', '--json'];

const workflowIds = () => Object.keys(enrichmentArea(t.sb.services.store).workflows);
const openFiles = () => readdirSync(path.join(t.journalDir(), 'open')).map((f) => path.join(t.journalDir(), 'open', f));
const run = (...argv: string[]) => t.run(...argv);
const runs = () => t.runs();
const holdBulk = () => t.holdAnswer('POST', '/enrichment/bulk');
/** enrich list stopped with Ctrl-C once the service started the run. */
const interruptedAfterStart = (argv: string[]) => t.interruptedAfter(argv, () => workflowIds().length > 0);

describe('a paid run whose answer is lost is paid once', () => {
  it('enrich list killed (SIGKILL) after the service started it: the same command again finds the run through its quote', async () => {
    await t.seedList('Q3', 30);
    const before = await t.balance();
    await holdBulk();
    // Spawns the binary: a hard kill reaches a real process only.
    const child = execa(process.execPath, [BIN, ...LIST_RUN], { env: t.env, extendEnv: false, reject: false });
    await expect.poll(() => workflowIds().length, { timeout: 30_000 }).toBe(1);
    child.kill('SIGKILL');
    expect((await child).signal).toBe('SIGKILL');
    const afterKill = await t.balance();
    expect(afterKill).toBeLessThan(before);

    const [file] = openFiles();
    expect(openFiles()).toHaveLength(1);
    const text = readFileSync(file!, 'utf8');
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(t.journalDir()).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(t.journalDir(), 'open')).mode & 0o777).toBe(0o700);
    expect(text).not.toContain(t.sb.demoKey);
    expect(text).not.toContain(t.sb.demoKey.slice(7));
    expect(JSON.parse(text)).toMatchObject({
      state: 'sent',
      tool: 'enrich_list',
      estimated_cost: 330,
      request: { method: 'POST', path: '/enrichment/bulk', body: { scope: 'full' } },
      service: { base_url: `${t.sb.url}/`, profile: 'default' },
    });
    expect(JSON.parse(text).quote.quote_id).toMatch(/^qte_v1_/);

    await t.faults([]);
    const again = await run(...LIST_RUN);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /An earlier run of this command was sent at \d\d:\d\d but its answer was lost; resolved through its quote, not paid again\./,
    );
    expect(again.stderr).not.toMatch(/Estimate:/);
    expect(workflowIds()).toHaveLength(1);
    const result = json(again.stdout);
    expect(result.workflow_id).toBe(workflowIds()[0]);
    expect(result.status).toMatch(/^completed/);
    expect(await t.balance()).toBe(before - result.credits_charged);
    // Answered: the entry left open/ for the journal's folder.
    expect(openFiles()).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(t.journalDir(), path.basename(file!)), 'utf8'))).toMatchObject({
      state: 'answered',
      run_id: workflowIds()[0],
    });

    // Answered now: the same command once more is a new run, paid for with a new quote.
    const third = await run(...LIST_RUN, '--all-leads');
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.stderr).not.toContain('An earlier run');
    expect(workflowIds()).toHaveLength(2);
  }, 60_000);

  it('Ctrl-C while the answer is on its way: the same command again resolves it, and says so', async () => {
    await t.seedList('Q3', 20);
    const before = await t.balance();
    await holdBulk();
    const stopped = await interruptedAfterStart(LIST_RUN);
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('The run may have started, and it is in the paid-run journal (`prospect runs ls`).');
    expect(stopped.stderr).toContain('prospect enrich list Q3 --scope full --yes --json');
    expect((await runs())[0]).toMatchObject({ state: 'open', tool: 'enrich_list', run_id: null, estimated_cost: 220 });

    await t.faults([]);
    const again = await run(...LIST_RUN);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('An earlier run of this command was sent at');
    expect(workflowIds()).toHaveLength(1);
    expect(await t.balance()).toBe(before - json(again.stdout).credits_charged);
    expect((await runs())[0]).toMatchObject({
      state: 'answered',
      run_id: workflowIds()[0],
      check: `prospect enrich status ${workflowIds()[0]}`,
    });
  });

  it('another request (another scope) is not taken for the unanswered one: it is estimated and paid as usual', async () => {
    await t.seedList('Q3', 10);
    await holdBulk();
    await interruptedAfterStart(LIST_RUN);
    await t.faults([]);
    const partial = await run('enrich', 'list', 'Q3', '--scope', 'partial', '--yes', '--json', '--all-leads');
    expect(partial.exitCode, partial.stderr).toBe(0);
    expect(partial.stderr).not.toContain('An earlier run');
    expect(partial.stderr).toContain('Estimate: up to 10 credits');
    expect(workflowIds()).toHaveLength(2);
    expect((await runs()).map((r) => r.state)).toEqual(['answered', 'open']);
  });

  it('once the quote expired the run cannot be told: exit 5 naming what to check, nothing spent; --pay-again pays for a new one', async () => {
    await t.seedList('Q3', 20);
    await holdBulk();
    await interruptedAfterStart(LIST_RUN);
    await t.faults([]);
    await control(t.sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });
    const listId = (await runs())[0]!.request.body.list_id as string;
    expect((await runs())[0]).toMatchObject({
      state: 'unknown',
      check: `prospect lists get ${listId}; prospect credits balance; prospect usage --days 1 --group-by tool`,
    });
    const unknownListing = await run('runs', 'ls');
    expect(unknownListing.stderr).toContain('1 run got no answer before the quote expired');

    const balance = await t.balance();
    const human = LIST_RUN.filter((w) => w !== '--json');
    const refused = await run(...human);
    expect(refused.exitCode, refused.stderr).toBe(5);
    expect(refused.stdout).toBe('');
    // Nothing says it is being resolved just before saying it cannot be.
    expect(refused.stderr).not.toContain('An earlier run of this command');
    expect(refused.stderr).toMatch(
      /error: earlier_run_unknown: an earlier run of this command was sent at \d\d:\d\d and got no answer \(its quote expired at \d\d:\d\d\)/,
    );
    expect(refused.stderr).toContain(
      `fix: Check \`prospect runs ls\`, \`prospect lists get ${listId}\`, \`prospect credits balance\`, \`prospect usage --days 1 --group-by tool\`; ` +
        'if it did not run, pay for it again with: prospect enrich list Q3 --scope full --yes --pay-again',
    );
    const scripted = await run(...LIST_RUN);
    expect(scripted.exitCode).toBe(5);
    expect(json(scripted.stderr.trim().split('\n').at(-1)!).error).toMatchObject({ code: 'earlier_run_unknown', exit_code: 5 });
    expect(await t.balance()).toBe(balance);
    expect(workflowIds()).toHaveLength(1);

    const paid = await run(...LIST_RUN, '--pay-again', '--all-leads');
    expect(paid.exitCode, paid.stderr).toBe(0);
    expect(paid.stderr).toContain('--pay-again: the earlier run of');
    expect(workflowIds()).toHaveLength(2);
    expect(await t.balance()).toBe(balance - json(paid.stdout).credits_charged);
    expect((await runs()).map((r) => r.state)).toEqual(['answered', 'paid_again']);
  });

  it('a request the service refused is not charged, and does not hold the next run back', async () => {
    await t.seedList('Q3', 10);
    await t.faults([{ method: 'POST', path: '/enrichment/bulk', kind: 'status', status: 409, code: 'conflict', count: 1 }]);
    const refused = await run(...LIST_RUN);
    expect(refused.exitCode).toBe(7);
    expect((await runs())[0]).toMatchObject({ state: 'not_charged', outcome: 'conflict (409)', check: '' });
    const next = await run(...LIST_RUN);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr).not.toContain('An earlier run');
    expect((await runs()).map((r) => r.state)).toEqual(['answered', 'not_charged']);
  });

  it('runs ls of a run sent with --base-url: its check command carries the URL, and runs as printed', async () => {
    await t.seedList('Q3', 5);
    const { PROSPECT_BASE_URL: url, ...env } = t.env;
    const sent = await prospect(['--base-url', url!, ...LIST_RUN], { env, clock: sandboxClock(t.sb) });
    expect(sent.exitCode, sent.stderr).toBe(0);
    const id = json(sent.stdout).workflow_id as string;
    const [row] = JSON.parse((await prospect(['runs', 'ls', '--json'], { env })).stdout) as Array<{ check: string }>;
    expect(row!.check).toBe(`prospect --base-url ${url} enrich status ${id}`);
    // Spawns the binary: a printed command runs through a shell, as pasted.
    const checked = await runPrinted(row!.check, { env, cwd: tempDir() });
    expect(checked.exitCode, checked.stderr).toBe(0);
    expect(checked.stdout).toContain(id);
  });

  it('a data dir that cannot be written: exit 2 before the estimate, naming the folder and PROSPECT_DATA_DIR; nothing spent', async () => {
    await t.seedList('Q3', 5);
    const notAFolder = path.join(tempDir(), 'data');
    writeFileSync(notAFolder, 'a file, not a folder\n');
    const before = await t.balance();
    const r = await prospect(
      LIST_RUN.filter((w) => w !== '--json'),
      { env: { ...t.env, PROSPECT_DATA_DIR: notAFolder }, clock: sandboxClock(t.sb) },
    );
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `error: journal_unwritable: cannot write the paid-run journal in ${path.join(notAFolder, 'paid-runs')} (ENOTDIR); nothing was sent, as an answer lost without it could be paid for twice`,
    );
    expect(r.stderr).toContain('fix: Make that folder writable, or set PROSPECT_DATA_DIR to a folder that is.');
    expect(r.stderr).not.toContain('Estimate:');
    expect(await t.balance()).toBe(before);
    expect(workflowIds()).toHaveLength(0);
  });

  it('runs ls: a table on a terminal, tsv with a header in a pipe, [] in JSON when nothing was sent', async () => {
    expect((await run('runs', 'ls', '--json')).stdout).toBe('[]\n');
    await t.seedList('Q3', 5);
    expect((await run(...LIST_RUN)).exitCode).toBe(0);
    const tsv = await run('runs', 'ls');
    const [header, row] = tsv.stdout.trim().split('\n');
    expect(header!.split('\t')).toEqual([
      'id',
      'sent_at',
      'state',
      'tool',
      'what',
      'estimated_cost',
      'run_id',
      'quote_id',
      'quote_expires_at',
      'closed_at',
      'outcome',
      'profile',
      'base_url',
      'check',
    ]);
    expect(row!.split('\t')[2]).toBe('answered');
    const table = await runInProcess(['runs', 'ls'], { env: t.env, tty: true });
    expect(table.stdout).toMatch(/SENT_AT[\s\S]*STATE[\s\S]*answered/);
  });
});
