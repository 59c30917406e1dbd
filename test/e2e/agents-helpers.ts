import { beforeEach } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { usePaidSandbox } from './enrich-helpers.js';

/**
 * The paid sandbox for smart-agent tests: runs start at once and a lead finishes every
 * `rowMs` of the sandbox clock; `runPosts` counts the POST /smart-agents/run requests sent.
 */
export function useAgentSandbox(rowMs: number) {
  const t = usePaidSandbox();
  beforeEach(async () => {
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: rowMs } });
  });
  const runPosts = async (): Promise<number> => {
    const { requests } = await control(t.sb, 'GET', '/requests?limit=5000');
    return (requests as Array<{ method: string; route: string }>).filter((r) => r.method === 'POST' && r.route === '/smart-agents/run')
      .length;
  };
  return Object.assign(t, { runPosts });
}
