import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import type { CommandSet } from '../../src/cli/command-set.js';
import { commandSet } from '../../src/commands/command-table.js';
import { isolatedEnv } from '../helpers/binary.js';
import { runInProcess } from '../helpers/in-process.js';
import { Capture, stdinOf } from '../helpers/streams.js';

/**
 * The root help and a mistyped command are made from the table's rows alone (path, summary,
 * aliases): a command set whose every module fails to load gives the same output, and no load
 * is tried. test/unit/startup-imports.test.ts checks that the table itself evaluates no command.
 */
const tried: string[] = [];
const unloadable: CommandSet = {
  groups: commandSet.groups,
  entries: commandSet.entries.map((e) => ({
    ...e,
    load: () => {
      tried.push(e.path.join(' '));
      throw new Error(`prospect ${e.path.join(' ')} was loaded`);
    },
  })),
};

async function runUnloadable(argv: string[]) {
  const stdout = new Capture();
  const stderr = new Capture();
  const io = { stdin: stdinOf(undefined), stdout, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, columns: 100 };
  const code = await run(argv, { io, env: isolatedEnv(), binPath: 'prospect' }, unloadable);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('help that loads no command', () => {
  it.each([[['--help']], [['-h']], [[]], [['help']], [['--version']], [['lsts']], [['help', 'nosuch']]])(
    'prospect %j prints what it prints with the real table, and loads no command module',
    async (argv) => {
      tried.length = 0;
      const got = await runUnloadable(argv);
      expect(tried, 'commands loaded').toEqual([]);
      const real = await runInProcess(argv, { env: isolatedEnv() });
      expect(got).toEqual({ code: real.code, stdout: real.stdout, stderr: real.stderr });
    },
  );

  it('the root help names every top-level command', async () => {
    const { code, stdout } = await runUnloadable(['--help']);
    expect(code).toBe(0);
    const words = [...new Set(commandSet.entries.map((e) => e.path[0]!))];
    expect(words.filter((w) => !new RegExp(`^  ${w}\\b`, 'm').test(stdout))).toEqual([]);
  });

  it('a command that is run is loaded: the check above would see a load', async () => {
    tried.length = 0;
    const r = await runUnloadable(['whoami']);
    expect(tried).toEqual(['whoami']);
    expect(r.code).not.toBe(0);
  });
});
