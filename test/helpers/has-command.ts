import { spawnSync } from 'node:child_process';

/** Whether a program is on PATH (tests of zsh, fish, shellcheck, mandoc run where they are installed). */
export const hasCommand = (name: string): boolean => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
