import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { fastClock, prospect } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { BIN } from '../helpers/binary.js';

/**
 * What -o names is never written through something planted there (a link at FILE.part, at
 * FILE), a folder, pipe or device is never replaced, a pipe or device is streamed into, and a
 * write that fails where the rows go exits 11 with one line saying so.
 */
const t = useSandboxEnv({ withKey: true, sandbox: { dataset: { people: 1000, companies: 100 } } });
const LEADS = 30;
let dir: string;

beforeEach(async () => {
  dir = tempDir();
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
  const list = await control(t.sb, 'POST', '/lists', { name: 'Q3' });
  await control(t.sb, 'POST', `/lists/${list.list_id}/generate`, { count: LEADS });
});

const exportJson = (...args: string[]) => prospect(['export', 'json', 'Q3', ...args], { env: t.env, cwd: dir, clock: fastClock });
const exportCsv = (...args: string[]) => prospect(['export', 'csv', 'Q3', ...args], { env: t.env, cwd: dir });
const ALL_NDJSON = ['--all', '--page-size', '10', '--format', 'ndjson'];
const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** A file someone else cares about, outside the export's folder. */
function victim(text = 'do not touch\n'): string {
  const file = path.join(tempDir(), 'victim.txt');
  fs.writeFileSync(file, text);
  return file;
}

/** The bytes the export prints on stdout: what any file or pipe it writes must hold. */
async function stdoutBytes(...args: string[]): Promise<string> {
  const r = await exportJson(...args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
}

/** The one error line of a failed command, with no stack trace after it. */
function expectOneErrorLine(stderr: string, pattern: RegExp): void {
  expect(stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual([expect.stringMatching(pattern)]);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('links planted at the names an export writes', () => {
  it('a link at FILE.part is removed, not followed: the victim is unchanged and FILE, mode 0600, holds the export', async () => {
    const expected = await stdoutBytes(...ALL_NDJSON);
    const target = victim();
    const out = path.join(dir, 'leads.ndjson');
    fs.symlinkSync(target, `${out}.part`);
    const r = await exportJson(...ALL_NDJSON, '-o', out);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(target, 'utf8')).toBe('do not touch\n');
    expect(fs.lstatSync(out).isFile()).toBe(true);
    expect(fs.readFileSync(out, 'utf8')).toBe(expected);
    expect(mode(out)).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['leads.ndjson']);
  });

  it('--resume refuses a FILE.part that is a link (even to a file of the right size), naming it; the victim is unchanged', async () => {
    const out = path.join(dir, 'leads.ndjson');
    await control(t.sb, 'POST', '/faults', { rules: [{ method: 'GET', path: '/export/json', after: 1, kind: 'status', status: 500 }] });
    const failed = await exportJson(...ALL_NDJSON, '-o', out);
    expect(failed.exitCode, failed.stderr).toBe(9);
    await control(t.sb, 'DELETE', '/faults');
    const part = `${out}.part`;
    const written = fs.readFileSync(part);
    expect(written.toString().split('\n').filter(Boolean)).toHaveLength(10);

    const target = victim('x'.repeat(written.length));
    fs.rmSync(part);
    fs.symlinkSync(target, part);
    const resumed = await exportJson(...ALL_NDJSON, '-o', out, '--resume');
    expect(resumed.exitCode, resumed.stderr).toBe(2);
    expectOneErrorLine(resumed.stderr, new RegExp(`${part} is not a file this tool wrote: it is a symbolic link`));
    expect(fs.readFileSync(target, 'utf8')).toBe('x'.repeat(written.length));
    expect(fs.existsSync(out)).toBe(false);
  });

  it.each([[ALL_NDJSON], [['--limit', '5', '--format', 'ndjson']]])(
    '--force on a FILE that is a link (%j) replaces the link with a file of its own, mode 0600; the victim is unchanged',
    async (args) => {
      const expected = await stdoutBytes(...args);
      const target = victim();
      const out = path.join(dir, 'leads.ndjson');
      fs.symlinkSync(target, out);
      const r = await exportJson(...args, '-o', out, '--force');
      expect(r.exitCode, r.stderr).toBe(0);
      expect(fs.readFileSync(target, 'utf8')).toBe('do not touch\n');
      expect(fs.lstatSync(out).isFile()).toBe(true);
      expect(fs.readFileSync(out, 'utf8')).toBe(expected);
      expect(mode(out)).toBe(0o600);
    },
  );
});

describe('a folder planted at the name of the unfinished file', () => {
  it('is never removed or written into: one error line naming it (exit 11), no stack trace', async () => {
    const part = path.join(dir, 'out.ndjson.part');
    fs.mkdirSync(part);
    fs.writeFileSync(path.join(part, 'keep.txt'), 'keep\n');
    const r = await exportJson(...ALL_NDJSON, '-o', 'out.ndjson');
    expect(r.exitCode).toBe(11);
    expectOneErrorLine(r.stderr, /could not rm .*out\.ndjson\.part: EISDIR \(it is a folder\)/);
    expect(fs.readFileSync(path.join(part, 'keep.txt'), 'utf8')).toBe('keep\n');
  });
});

describe('-o naming something that is not a file', () => {
  it('a folder is refused with exit 2 saying so, with or without --force, and left as it was', async () => {
    const folder = path.join(dir, 'out');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'kept.txt'), 'kept\n');
    const runs = [
      ['json', await exportJson('--all', '-o', folder)],
      ['json --force', await exportJson('--all', '-o', folder, '--force')],
      ['json --limit --force', await exportJson('--limit', '5', '-o', folder, '--force')],
      ['csv', await exportCsv('-o', folder)],
      ['csv --force', await exportCsv('-o', folder, '--force')],
    ] as const;
    for (const [name, r] of runs) {
      expect(r.exitCode, `${name}: ${r.stderr}`).toBe(2);
      expectOneErrorLine(r.stderr, new RegExp(`${folder} is a folder`));
    }
    expect(fs.statSync(folder).isDirectory()).toBe(true);
    expect(fs.readdirSync(folder)).toEqual(['kept.txt']);
    expect(fs.readdirSync(dir)).toEqual(['out']);
  });

  it('a named pipe is streamed into (the same bytes as a file gets); with --force it is still a pipe afterwards', async () => {
    const fifo = path.join(dir, 'rows.fifo');
    await execa('mkfifo', [fifo]);
    const streams = [
      {
        name: 'export json --all',
        expected: await stdoutBytes(...ALL_NDJSON),
        run: (...extra: string[]) => exportJson(...ALL_NDJSON, '-o', fifo, ...extra),
      },
      {
        name: 'export json --limit',
        expected: await stdoutBytes('--limit', '5', '--format', 'ndjson'),
        run: (...extra: string[]) => exportJson('--limit', '5', '--format', 'ndjson', '-o', fifo, ...extra),
      },
      { name: 'export csv', expected: await csvFileBytes(), run: (...extra: string[]) => exportCsv('-o', fifo, ...extra) },
    ];
    for (const s of streams)
      for (const extra of [[], ['--force']]) {
        const reader = execa('cat', [fifo], { reject: false });
        try {
          const r = await s.run(...extra);
          expect(r.exitCode, `${s.name} ${extra.join(' ')}: ${r.stderr}`).toBe(0);
          expect(fs.lstatSync(fifo).isFIFO(), `${s.name} ${extra.join(' ')}`).toBe(true);
          expect((await reader).stdout, `${s.name} ${extra.join(' ')}`).toBe(s.expected.replace(/\n$/, ''));
        } finally {
          reader.kill();
        }
      }
  });

  // Spawns the binary: Ctrl-C reaches a real process only, and only a real process can hang in its exit.
  it('a named pipe nobody reads: it says it waits for a reader, and Ctrl-C stops it (exit 130)', async () => {
    const fifo = path.join(dir, 'unread.fifo');
    await execa('mkfifo', [fifo]);
    const child = execa(process.execPath, [BIN, 'export', 'csv', 'Q3', '-o', fifo], {
      env: t.env,
      extendEnv: false,
      cwd: dir,
      reject: false,
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    await expect.poll(() => stderr, { timeout: 20_000 }).toContain(`Waiting for a reader of the pipe ${fifo}`);
    child.kill('SIGINT');
    expect((await child).exitCode).toBe(130);
  });

  it('-o /dev/stdout streams into stdout, also when stdout is a file (it was refused as a file that exists)', async () => {
    const expected = await csvFileBytes();
    const file = path.join(dir, 'via-stdout.csv');
    const out = fs.openSync(file, 'w');
    // Spawns the binary: /dev/stdout is a real process's own descriptor.
    const r = await execa(process.execPath, [BIN, 'export', 'csv', 'Q3', '-o', '/dev/stdout'], {
      env: t.env,
      extendEnv: false,
      cwd: dir,
      reject: false,
      stdout: fs.createWriteStream('', { fd: out, autoClose: false }),
    });
    fs.closeSync(out);
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected);
  });

  it('-o /dev/null exits 0', async () => {
    for (const r of [
      await exportJson(...ALL_NDJSON, '-o', '/dev/null'),
      await exportJson('--limit', '5', '-o', '/dev/null'),
      await exportCsv('-o', '/dev/null'),
    ])
      expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});

/** The CSV export as written to a file, to hold a pipe's bytes to. */
async function csvFileBytes(): Promise<string> {
  const file = path.join(tempDir(), 'q3.csv');
  const r = await exportCsv('-o', file);
  expect(r.exitCode, r.stderr).toBe(0);
  return fs.readFileSync(file, 'utf8');
}

describe('a write that fails where the rows go', () => {
  it.each([
    ['export json --all', () => exportJson(...ALL_NDJSON, '-o', '/dev/full')],
    ['export json --limit', () => exportJson('--limit', '5', '-o', '/dev/full')],
    ['export csv', () => exportCsv('-o', '/dev/full')],
  ])('%s -o /dev/full exits 11 with one line naming the device and ENOSPC', async (_name, run) => {
    const r = await run();
    expect(r.exitCode, r.stderr).toBe(11);
    expectOneErrorLine(r.stderr, /could not write \/dev\/full: ENOSPC/);
  });
});

describe('a link planted at the config file', () => {
  it('config set and auth login refuse to write through it (exit 2, naming it): the victim keeps its text and mode, and gets no key', async () => {
    const configDir = tempDir();
    fs.chmodSync(configDir, 0o700);
    const target = victim('{}\n');
    fs.chmodSync(target, 0o644);
    fs.symlinkSync(target, path.join(configDir, 'config.json'));
    const env = { ...t.env, PROSPECT_CONFIG_DIR: configDir, PROSPECT_API_KEY: undefined };
    const set = await prospect(['config', 'set', 'format', 'json'], { env, cwd: dir });
    expect(set.exitCode).toBe(2);
    expectOneErrorLine(set.stderr, /config\.json is a symbolic link/);
    const login = await prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url], { env, cwd: dir, input: t.sb.demoKey });
    expect(login.exitCode).toBe(2);
    expect(fs.readFileSync(target, 'utf8')).toBe('{}\n');
    expect(mode(target)).toBe(0o644);
    expect(fs.lstatSync(path.join(configDir, 'config.json')).isSymbolicLink()).toBe(true);
  });
});
