import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';

describe('prospect mcp flags', () => {
  it('--max-cost and --yes, the CLI spend flags, are refused with the flag that applies', async () => {
    for (const flag of [['--max-cost', '5'], ['--yes']]) {
      const r = await runInProcess(['mcp', ...flag], { env: { PROSPECT_BASE_URL: 'http://127.0.0.1:9', PROSPECT_API_KEY: 'svcapi_x' } });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`${flag[0]} does not apply to prospect mcp`);
      expect(r.stderr).toContain('Use --max-credits N');
    }
  });
});
