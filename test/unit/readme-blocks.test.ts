import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { blockScript, fences, shellBlocks } from '../helpers/readme-blocks.js';

const md = [
  '# Title', // 1
  '', // 2
  '<!-- readme-test: skip (installs) -->', // 3
  '```sh', // 4
  'npm ci', // 5
  '```', // 6
  '', // 7
  '```bash', // 8
  'echo one', // 9
  'false', // 10
  'echo never', // 11
  '```', // 12
  '```text', // 13
  'prospect output', // 14
  '```', // 15
  '```console', // 16
  '$ echo hi', // 17
  'hi', // 18
  '```', // 19
].join('\n');

describe('the README block reader', () => {
  it('reads each fence with its language, its opening line and its skip reason', () => {
    const all = fences(md);
    expect(all.map((f) => [f.lang, f.line, f.skip])).toEqual([
      ['sh', 4, 'installs'],
      ['bash', 8, undefined],
      ['text', 13, undefined],
      ['console', 16, undefined],
    ]);
    expect(shellBlocks(all).map((f) => f.lang)).toEqual(['sh', 'bash', 'console']);
  });

  it('refuses a marker it does not know, one away from a fence, and an unclosed fence', () => {
    expect(() => fences('<!-- readme-test: skipp -->\n```sh\nls\n```')).toThrow(/unknown marker/);
    expect(() => fences('<!-- readme-test: skip (x) -->\n\n```sh\nls\n```')).toThrow(/right above a fence/);
    expect(() => fences('```sh\nls\n')).toThrow(/never closed/);
  });

  it('stops a block at its first failing command and names that line of the file', () => {
    const bash = fences(md)[1]!;
    const r = spawnSync('bash', ['-c', blockScript(bash)], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('one\n');
    expect(r.stderr).toContain('readme-test: README.md:10 exited 1');
  });

  it('runs the commands of a console block, not its output', () => {
    const r = spawnSync('bash', ['-c', blockScript(fences(md)[3]!)], { encoding: 'utf8' });
    expect([r.status, r.stdout]).toEqual([0, 'hi\n']);
  });
});
