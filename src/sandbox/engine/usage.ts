import { DAY_MS } from '../../api/schemas/limits.js';
import { KEYLESS_USAGE_GROUPS, type Usage, type UsageGroup, type UsageRow } from '../../api/schemas/keys.js';
import { PREFIX } from '../router.js';
import type { RequestLogRow } from './request-log.js';

/** The group a logged request falls in. */
function groupOf(row: RequestLogRow, by: UsageGroup): string | null {
  switch (by) {
    case 'tool':
      // v2 and v1 public share handlers and templates; key management keeps its prefix so
      // /api/v1/api-keys/{key_id}/revoke is not read as a v2 path.
      return row.prefix === PREFIX.keys ? `${PREFIX.keys}${row.route === '/' ? '' : row.route}` : row.route;
    case 'key':
      return row.key_id ?? KEYLESS_USAGE_GROUPS[row.auth_type === 'oauth' ? 'oauth' : 'session'];
    case 'day':
      return row.created_at.slice(0, 10);
    case 'error':
      return row.error_code;
  }
}

/**
 * Calls, credits reserved at dispatch (each request rounded up) and errors of the logged rows
 * within the last `days` days up to nowMs. group_by=error has rows only for failed requests
 * (the totals still count every call). Day rows run oldest first; the others by calls, most first.
 */
export function usageReport(log: readonly RequestLogRow[], opts: { days: number; groupBy: UsageGroup; nowMs: number }): Usage {
  const since = opts.nowMs - opts.days * DAY_MS;
  const groups = new Map<string, UsageRow>();
  const total = { calls: 0, credits: 0, errors: 0 };
  for (const row of log) {
    const at = Date.parse(row.created_at);
    if (at < since || at > opts.nowMs) continue;
    const credits = Math.ceil(row.credits_spent);
    const failed = row.status_code >= 400 ? 1 : 0;
    total.calls += 1;
    total.credits += credits;
    total.errors += failed;
    const key = groupOf(row, opts.groupBy);
    if (key === null) continue;
    const g = groups.get(key) ?? { group: key, calls: 0, credits_spent: 0, errors: 0 };
    g.calls += 1;
    g.credits_spent += credits;
    g.errors += failed;
    groups.set(key, g);
  }
  const rows = [...groups.values()].sort(
    opts.groupBy === 'day' ? (a, b) => a.group.localeCompare(b.group) : (a, b) => b.calls - a.calls || a.group.localeCompare(b.group),
  );
  return {
    days: opts.days,
    group_by: opts.groupBy,
    total_calls: total.calls,
    total_credits_spent: total.credits,
    total_errors: total.errors,
    rows,
  };
}
