import { defineCommand } from '../../cli/command.js';
import type { FaultRule } from './shared/controls.js';

const COLUMNS = [
  'id',
  'kind',
  'method',
  'path',
  'phase',
  'latency_ms',
  'status',
  'code',
  'retry_after_sec',
  'count',
  'after',
  'matched',
  'applied',
];
/** What a person scans on a terminal: what each rule does in one column. */
const TABLE_COLUMNS = ['id', 'method', 'path', 'phase', 'does', 'count', 'after', 'matched', 'applied'];

export const command = defineCommand({
  description:
    'List the fault rules in force on the running sandbox, each with how many requests it matched and how many it changed. ' +
    'With --json: the answer of the control, {rules: [...]}.',
  examples: ['prospect sandbox faults ls', 'prospect sandbox faults ls --json | jq ".rules[].applied"'],
  related: ['prospect sandbox faults add', 'prospect sandbox faults clear'],
  async run(_opts, ctx) {
    const { callControl } = await import('./shared/controls.js');
    const { answer } = await callControl<import('./shared/controls.js').FaultRules>(ctx, 'GET', '/faults');
    const rows = answer.rules.map((r) => ({
      id: r.id,
      kind: r.kind,
      method: r.method ?? 'any',
      path: r.path ?? 'any',
      phase: r.phase ?? 'before',
      latency_ms: r.latency_ms ?? null,
      status: r.kind === 'rate_limit' ? 429 : r.kind === 'status' ? (r.status ?? 503) : null,
      code: r.code ?? null,
      retry_after_sec: r.retry_after_sec ?? null,
      count: r.count ?? null,
      after: r.after ?? 0,
      matched: r.matched,
      applied: r.applied,
      does: does(r),
    }));
    await ctx.out.print({
      kind: 'rows',
      payload: answer,
      rows,
      columns: COLUMNS,
      tableColumns: TABLE_COLUMNS,
      emptyMessage: 'No fault rules: requests are answered normally.',
    });
  },
});

/** A rule's effect in a few words: `latency 4000 ms`, `status 503 internal_error`, `429, Retry-After 5s`, `drop`. */
function does(r: FaultRule): string {
  const retry = r.retry_after_sec !== undefined ? `, Retry-After ${r.retry_after_sec}s` : '';
  if (r.kind === 'latency') return `latency ${r.latency_ms ?? 0} ms`;
  if (r.kind === 'drop') return 'drop';
  if (r.kind === 'rate_limit') return `429${r.code ? ` ${r.code}` : ''}${retry}`;
  return `status ${r.status ?? 503}${r.code ? ` ${r.code}` : ''}${retry}`;
}
