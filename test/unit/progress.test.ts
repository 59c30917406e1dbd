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
});
