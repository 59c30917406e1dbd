import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/progress.js';
import { Capture } from '../helpers/streams.js';

describe('progress', () => {
  it('writes nothing when stderr is not a terminal (or with --quiet)', async () => {
    const err = new Capture();
    const p = createProgress({ stderr: err, enabled: false, color: false });
    await p.start('waiting');
    p.update('still waiting');
    p.succeed('done');
    expect(err.text).toBe('');
  });

  it('spins on stderr and ends with the final line when enabled', async () => {
    const err = Object.assign(new Capture(), { isTTY: true, columns: 80, cursorTo() {}, clearLine() {}, moveCursor() {} });
    const p = createProgress({ stderr: err, enabled: true, color: false });
    await p.start('waiting for the job');
    p.update('3/10 processed');
    p.succeed('job completed');
    expect(err.text).toContain('job completed');
  });

  it('does not spin on a terminal that reports 0 columns (a pty without a size), where clearing would never end', async () => {
    const err = Object.assign(new Capture(), { isTTY: true, columns: 0, cursorTo() {}, clearLine() {}, moveCursor() {} });
    const p = createProgress({ stderr: err, enabled: true, color: false });
    await p.start('waiting for the job');
    p.update('3/10 processed');
    p.stop();
    expect(err.text).toBe('');
  });
});

describe('prompter', () => {
  it('reads a secret without echoing it, and refuses without a terminal naming the flag', async () => {
    const { PassThrough } = await import('node:stream');
    const { createPrompter } = await import('../../src/cli/prompt.js');
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode() {} });
    const stderr = Object.assign(new Capture(), { isTTY: true, columns: 80 });
    const p = createPrompter({ stdin, stderr, interactive: true });
    const secret = `svcapi_${'e'.repeat(64)}`;
    const answer = p.secret('Paste your API key: ', { flag: '--with-token' });
    stdin.write(`${secret}\n`);
    expect(await answer).toBe(secret);
    expect(stderr.text).toContain('Paste your API key: ');
    expect(stderr.text).not.toContain('eeee');
    const none = createPrompter({ stdin, stderr, interactive: false });
    await expect(none.secret('Key: ', { flag: '--with-token' })).rejects.toThrow(/no terminal/);
    await expect(none.confirm('Sure?', { flag: '--yes' })).rejects.toMatchObject({ fix: 'Pass --yes.' });
  });
});
