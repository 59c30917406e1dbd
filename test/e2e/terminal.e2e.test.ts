import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { BIN } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { atTerminal } from '../helpers/terminal.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';
import { tempDir } from '../helpers/temp-dir.js';
import { ndjson } from '../helpers/json.js';

/**
 * Ctrl-C typed at a real terminal (a pseudo-terminal with a window size and a TERM, so the
 * spinner runs as it does for a person), and SIGTERM and SIGHUP sent to the process: each
 * stops the work at once, keeps what can be resumed, prints the command that resumes, and
 * that command, run exactly as printed through a shell, finishes the work.
 */

const t = useSandboxEnv({ withKey: true });
const CTRL_C = '\u0003';
const LEADS = 300;
let cwd: string;
/** The key alone: the service is chosen by --base-url on the command line, which a printed command must carry. */
let keyOnly: Record<string, string | undefined>;

beforeEach(async () => {
  cwd = tempDir();
  keyOnly = { ...t.env, PROSPECT_BASE_URL: undefined };
  const { list_id } = await control(t.sb, 'POST', '/lists', { name: 'Q3 CTOs' });
  await control(t.sb, 'POST', `/lists/${list_id}/generate`, { count: LEADS });
});

/** A page or request that never answers while the test types Ctrl-C. */
const stall = (pathPart: string, after: number) =>
  control(t.sb, 'POST', '/faults', { rules: [{ path: pathPart, kind: 'latency', latency_ms: 120_000, after }] });

/** Types Ctrl-C at a terminal once `when` shows: the command stops at once (no time-out) and exits 130. */
async function ctrlC(args: string[], when: string, extra: { stdoutFile?: string } = {}) {
  const r = await atTerminal(args, { env: keyOnly, cwd, steps: [{ when, type: CTRL_C }], ...extra });
  expect(r.timedOut, r.text).toBe(false);
  expect(r.exitCode, r.text).toBe(130);
  return r;
}

const exportArgs = [
  '--base-url',
  '',
  'export',
  'json',
  'Q3 CTOs',
  '--all',
  '--page-size',
  '50',
  '--format',
  'ndjson',
  '-o',
  'q3 leads.ndjson',
];
const withUrl = (args: string[]) => args.map((a, i) => (i === 1 && args[0] === '--base-url' ? t.sb.url : a));

describe('Ctrl-C typed at a terminal', () => {
  it('export json --all: stops at once, exit 130, keeps the part file and prints the resume command, which finishes the file', async () => {
    await stall('/export/json', 2);
    const r = await ctrlC(withUrl(exportArgs), 'Exporting: 100');
    expect(r.text).toContain('Stopped after 100 rows');
    expect(fs.readdirSync(cwd).sort()).toEqual(['q3 leads.ndjson.part', 'q3 leads.ndjson.part.checkpoint.json']);
    const [resume] = printedCommands(r.text);
    expect(resume).toBe(
      `prospect --base-url ${t.sb.url} export json 'Q3 CTOs' --all --format ndjson --page-size 50 -o 'q3 leads.ndjson' --resume`,
    );

    await control(t.sb, 'DELETE', '/faults');
    const again = await runPrinted(resume!, { env: keyOnly, cwd });
    expect(again.exitCode, again.stderr).toBe(0);
    const rows = ndjson(fs.readFileSync(path.join(cwd, 'q3 leads.ndjson'), 'utf8'));
    expect(rows).toHaveLength(LEADS);
    expect(new Set(rows.map((l) => l.lead_id)).size).toBe(LEADS);
    expect(fs.readdirSync(cwd)).toEqual(['q3 leads.ndjson']);
  });

  it('import: stops between chunks, exit 130; lines never glue onto the spinner; the printed command imports the rest once', async () => {
    const file = path.join(cwd, 'new leads.csv');
    fs.writeFileSync(
      file,
      ['Email,First Name,Last Name', ...Array.from({ length: 1500 }, (_, i) => `typed${i}@example.com,Ada${i},Lee${i}`)].join('\n') + '\n',
    );
    await stall('csv-import', 1);
    const r = await ctrlC(['--base-url', t.sb.url, 'import', 'Typed', 'new leads.csv', '--create'], 'Importing');
    // What the person sees: the list's line on its own, not after the spinner's text.
    expect(
      r.lines.some((l) => l.startsWith('Created list "Typed"')),
      r.lines.join('\n'),
    ).toBe(true);
    expect(
      r.lines.some((l) => /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏].*(Created|Stopped)/.test(l)),
      r.lines.join('\n'),
    ).toBe(false);
    const printed = printedCommands(r.lines.join('\n'));
    expect(printed).toEqual([`prospect --base-url ${t.sb.url} import Typed 'new leads.csv' --create`]);

    await control(t.sb, 'DELETE', '/faults');
    const again = await runPrinted(printed[0]!, { env: keyOnly, cwd });
    expect(again.exitCode, again.stderr).toBe(0);
    const list = await prospect(['lists', 'get', 'Typed', '--json'], { env: t.env });
    expect(JSON.parse(list.stdout).lead_count).toBe(1500);
  });

  it('lists leads --all > FILE: stops at once, exit 130, and prints the same command from the next page appending to FILE, which completes it with one header', async () => {
    await stall('/leads', 1);
    // Rows to a file (tsv, as for any redirect): a terminal drops output still queued when Ctrl-C is typed.
    const out = path.join(cwd, 'q3 leads.tsv');
    const args = ['--base-url', t.sb.url, 'lists', 'leads', 'Q3 CTOs', '--all', '--page-size', '100'];
    const r = await ctrlC(args, 'Reading leads: 100 of 300', { stdoutFile: out });
    expect(fs.readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(1 + 100);
    const [next] = printedCommands(r.text);
    expect(next).toMatch(
      new RegExp(`^prospect --base-url ${t.sb.url} lists leads 'Q3 CTOs' --all --page-size 100 --cursor \\S+ --no-header >> '${out}'$`),
    );

    await control(t.sb, 'DELETE', '/faults');
    const rest = await runPrinted(next!, { env: keyOnly, cwd });
    expect(rest.exitCode, rest.stderr).toBe(0);
    const [header, ...rows] = fs.readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(header).toMatch(/^lead_id\t/);
    const ids = rows.map((l) => l.split('\t')[0]);
    expect(ids).toHaveLength(LEADS);
    expect(new Set(ids).size).toBe(LEADS);
  });

  it('a wait on remote work: stops the wait (not the run), exit 130, and the printed command watches the run to its end', async () => {
    await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 3_600_000 } });
    // --all-leads: the whole list in one run of 300, whatever its leads already hold.
    const r = await ctrlC(['--base-url', t.sb.url, 'enrich', 'list', 'Q3 CTOs', '--all-leads', '--yes'], 'Enriching (');
    const [watch] = printedCommands(r.text);
    expect(watch).toMatch(new RegExp(`^prospect --base-url ${t.sb.url} enrich status bulk-enrich-\\S+ --wait$`));

    t.sb.services.clock.advance(3_600_000);
    const done = await runPrinted(watch!, { env: keyOnly, cwd });
    expect(done.exitCode, done.stderr).toBe(0);
    expect(done.stderr).toMatch(/Charged \d+ credits of 300 reserved/);
  });
});

describe('the terminal closed', () => {
  it('export json --all: closing the window ends it, keeping the part file and checkpoint, and --resume completes the file', async () => {
    await stall('/export/json', 2);
    const r = await atTerminal(withUrl(exportArgs), { env: keyOnly, cwd, steps: [{ when: 'Exporting: 100', hangup: true }] });
    expect(r.timedOut).toBe(false);
    // How it ends is not asserted: after a hang-up Node may abort in its own terminal teardown
    // (signal 6 or 11) before the re-raised SIGHUP; what a person gets back is the state.
    expect(fs.readdirSync(cwd).sort()).toEqual(['q3 leads.ndjson.part', 'q3 leads.ndjson.part.checkpoint.json']);
    await control(t.sb, 'DELETE', '/faults');
    const resumed = await prospect([...withUrl(exportArgs), '--resume'], { env: keyOnly, cwd });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(ndjson(fs.readFileSync(path.join(cwd, 'q3 leads.ndjson'), 'utf8'))).toHaveLength(LEADS);
  });
});

describe('SIGTERM and SIGHUP', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)(
    '%s stops export json --all like Ctrl-C: the part file and checkpoint kept, exit %i, and the resume command finishes it',
    async (signal, code) => {
      await stall('/export/json', 2);
      // Spawns the binary: a signal reaches a real process only.
      const child = execa(process.execPath, [BIN, ...withUrl(exportArgs)], { env: keyOnly, extendEnv: false, cwd, reject: false });
      const checkpoint = path.join(cwd, 'q3 leads.ndjson.part.checkpoint.json');
      const checkpointRows = () =>
        fs.existsSync(checkpoint) ? (JSON.parse(fs.readFileSync(checkpoint, 'utf8')) as { rows: number }).rows : 0;
      await expect.poll(checkpointRows, { timeout: 20_000 }).toBe(100);
      child.kill(signal);
      const r = await child;
      expect(r.exitCode, String(r.stderr)).toBe(code);
      expect(String(r.stderr)).toContain(`stopped by ${signal}`);
      expect(fs.readdirSync(cwd).sort()).toEqual(['q3 leads.ndjson.part', 'q3 leads.ndjson.part.checkpoint.json']);
      const [resume] = printedCommands(String(r.stderr));
      await control(t.sb, 'DELETE', '/faults');
      const again = await runPrinted(resume!, { env: keyOnly, cwd });
      expect(again.exitCode, again.stderr).toBe(0);
      expect(ndjson(fs.readFileSync(path.join(cwd, 'q3 leads.ndjson'), 'utf8'))).toHaveLength(LEADS);
    },
  );
});
