import { beforeEach } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { useSandboxEnv, type SandboxEnv } from '../helpers/sandbox-env.js';
import type { StartSandboxOptions } from '../../src/sandbox/server.js';
import { prospect, sandboxClock } from '../helpers/in-process.js';

/**
 * A sandbox for the paid commands' tests: fast runs, no rate limits, the user's own reads, and
 * the CLI on the sandbox's clock (its polls and retries move the sandbox's time, not the test's).
 */
export function usePaidSandbox(sandbox: StartSandboxOptions = {}): SandboxEnv & {
  run: (...args: string[]) => ReturnType<typeof prospect>;
  balance: () => Promise<number>;
  leads: (listId: string) => Promise<Array<Record<string, any>>>;
  seedList: (name: string, people: number, fromPerson?: number) => Promise<string>;
  bulkPosts: () => Promise<number>;
} {
  const t = useSandboxEnv({ withKey: true, sandbox });
  beforeEach(async () => {
    await control(t.sb, 'POST', '/rate-limits', { enabled: false });
    await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
  });
  const get = async (path: string) => (await raw(t.sb, 'GET', `/api/v2${path}`, { token: t.sb.demoKey })).json;
  return Object.assign(t, {
    run: (...args: string[]) => prospect(args, { env: t.env, clock: sandboxClock(t.sb) }),
    balance: async () => (await get('/credits/balance')).credits as number,
    leads: async (listId: string) => (await get(`/lead-lists/${listId}/leads?limit=500`)).leads as Array<Record<string, any>>,
    seedList: async (name: string, people: number, fromPerson = 0) =>
      (await control(t.sb, 'POST', '/lists', { name, people, from_person: fromPerson })).list_id as string,
    /** How many POST /enrichment/bulk requests reached the sandbox (from the request log). */
    bulkPosts: async () =>
      ((await control(t.sb, 'GET', '/requests?limit=1000')).requests as Array<{ method: string; route: string }>).filter(
        (r) => r.method === 'POST' && r.route === '/enrichment/bulk',
      ).length,
  });
}

/** What enrichment found on leads, priced as the spec prices it: 1 per email, 10 per phone. */
export function foundCost(leads: ReadonlyArray<Record<string, any>>, wants: { email: boolean; phone: boolean }): number {
  return leads.reduce((n, l) => n + (wants.email && l.email ? 1 : 0) + (wants.phone && l.phone ? 10 : 0), 0);
}

/** The fields of a final status that do not depend on ids or timing. */
export const outcome = (s: Record<string, any>) => ({
  status: s.status,
  total: s.total,
  completed: s.completed,
  failed: s.failed,
  credits_reserved: s.credits_reserved,
  credits_charged: s.credits_charged,
  credits_refunded: s.credits_refunded,
});
