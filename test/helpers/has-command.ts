import { spawnSync } from 'node:child_process';

/** Whether a program is on PATH. */
export const hasCommand = (name: string): boolean => spawnSync('sh', ['-c', 'command -v "$1"', 'sh', name]).status === 0;

const CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

/** The Debian package that brings each program the tests drive (.ci/run installs them). */
const PACKAGE: Record<string, string> = {
  zsh: 'zsh',
  fish: 'fish',
  shellcheck: 'shellcheck',
  mandoc: 'mandoc',
  man: 'man-db',
  groff: 'groff-base',
  jq: 'jq',
  curl: 'curl',
  'dbus-run-session': 'dbus-daemon',
  'gnome-keyring-daemon': 'gnome-keyring',
};

/**
 * Tests that drive an installed program (a shell, a man page linter). `run` is for it.runIf and
 * describe.runIf: they run where the program is installed, and always in CI, where `check` (first
 * in the test or its beforeAll) fails them naming the package, so CI never skips them.
 */
export function drives(program: string): { run: boolean; check: () => void } {
  const present = hasCommand(program);
  return {
    run: present || CI,
    check: () => {
      if (!present) throw new Error(`${program} is not installed: .ci/run installs it (apt-get install ${PACKAGE[program] ?? program})`);
    },
  };
}
