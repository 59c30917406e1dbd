import type * as z from 'zod/mini';
import type * as Answers from '../../../sandbox/control-answers.js';
import type { Context } from '../../../cli/context.js';
import { usageError } from '../../../cli/errors.js';

/**
 * What the `sandbox faults` and `sandbox clock` commands share: the call to the running
 * sandbox's control, the answers they print, and the checks of a duration and a time.
 */

/** The answers of the faults and clock controls, typed by the sandbox's own schemas (types only: no zod in the CLI core). */
export type FaultRules = z.output<typeof Answers.FaultRules>;
export type FaultRule = FaultRules['rules'][number];
export type ClockView = z.output<typeof Answers.ClockView>;

/** Calls a control of the sandbox this invocation targets (the running local one, started when none runs). */
export async function callControl<T>(
  ctx: Context,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ url: string; answer: T }> {
  const target = await ctx.sandbox();
  const { sandboxControl } = await import('../../../cli/sandbox-target.js');
  return { url: target.url, answer: await sandboxControl<T>(ctx, target.url, method, `/__sandbox${path}`, body) };
}

/** The control's answer with --json (or ndjson); otherwise a line on stderr, as `sandbox reset` says what it did. */
export async function printAnswer(ctx: Context, answer: object, line: string): Promise<void> {
  if (ctx.out.format === 'json' || ctx.out.format === 'ndjson') await ctx.out.print({ kind: 'object', payload: { ...answer } });
  else ctx.out.success(line);
}

/** One rule in words: `status 503 on POST /whoami, 2 times after 1 let through`. */
export function describeRule(
  r: Pick<FaultRule, 'kind' | 'latency_ms' | 'status' | 'code' | 'method' | 'path' | 'phase' | 'count' | 'after'>,
): string {
  const what =
    r.kind === 'latency'
      ? `latency of ${r.latency_ms ?? 0} ms`
      : r.kind === 'drop'
        ? 'dropped connection'
        : r.kind === 'rate_limit'
          ? `429${r.code ? ` ${r.code}` : ''}`
          : `status ${r.status ?? 503}${r.code ? ` ${r.code}` : ''}`;
  const where = `${r.method ? `${r.method} ` : ''}${r.path ?? 'every path'}`;
  const when = r.phase === 'after' ? ', after handling' : '';
  const times = r.count === undefined ? 'every time' : r.count === 1 ? 'once' : `${r.count} times`;
  const skip = r.after ? ` after letting ${r.after} through` : '';
  return `${what} on ${where}${when}, ${times}${skip}`;
}

/** The clock in one line: its time, whether it runs, and how far it is from this machine's. */
export function clockLine(c: ClockView): string {
  const off = Math.round(c.offset_ms / 1000) * 1000;
  const from = off === 0 ? 'at machine time' : `${formatDuration(Math.abs(off), 2)} ${off > 0 ? 'ahead of' : 'behind'} this machine`;
  return `Sandbox clock at ${c.now}, ${c.frozen ? 'frozen' : 'running'} (${from}).`;
}

const UNITS: ReadonlyArray<[string, number]> = [
  ['w', 7 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];
const UNIT_MS = new Map(UNITS);

/** 90061000 -> `1d 1h 1m 1s`; with `units`, only that many of the largest (`1d 1h`). */
export function formatDuration(ms: number, units = UNITS.length): string {
  const parts: string[] = [];
  let left = ms;
  for (const [unit, size] of UNITS) {
    if (parts.length >= units || (unit === 'ms' && parts.length > 0)) break;
    const n = Math.floor(left / size);
    if (n > 0) parts.push(`${n}${unit}`);
    left -= n * size;
  }
  return parts.length > 0 ? parts.join(' ') : '0s';
}

const DURATION_FIX = 'Give a number and a unit, e.g. 90s, 5m, 2h, 1d or 1h30m (units: ms, s, m, h, d, w).';

/** `90s`, `5m`, `2h`, `1d`, `1h30m`, `250ms` -> milliseconds. */
export function parseDuration(raw: string): number {
  const text = raw.trim();
  if (!/^(?:\d+(?:ms|s|m|h|d|w))+$/.test(text)) throw usageError(`DURATION "${raw}" is not a duration`, DURATION_FIX);
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)(ms|s|m|h|d|w)/g)) ms += Number(n) * UNIT_MS.get(unit!)!;
  if (!Number.isSafeInteger(ms)) throw usageError(`DURATION "${raw}" is too long`, DURATION_FIX);
  if (ms === 0) throw usageError(`DURATION "${raw}" moves the clock by nothing`, DURATION_FIX);
  return ms;
}

const TIME_FIX =
  'Give an ISO 8601 time with its zone, e.g. 2031-06-02T09:00:00Z or 2031-06-02T11:00:00+02:00, or a date (midnight UTC), e.g. 2031-06-02.';

/** An ISO 8601 date-time with a zone (`Z` or `+02:00`), or a date (midnight UTC) -> milliseconds since 1970. */
export function parseTime(raw: string): number {
  const text = raw.trim();
  const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|z|[+-]\d{2}:?\d{2}))?$/;
  if (!iso.test(text)) {
    const zoneless = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(text);
    throw usageError(zoneless ? `TIME "${raw}" has no zone` : `TIME "${raw}" is not an ISO 8601 time`, TIME_FIX);
  }
  // Date.parse may roll 2031-02-30 over to March: a day that does not exist is refused instead.
  const [y, mo, d] = text.slice(0, 10).split('-').map(Number);
  if (y! < 1970) throw usageError(`TIME "${raw}" is before 1970, where the sandbox clock cannot go`, TIME_FIX);
  const day = new Date(Date.UTC(y!, mo! - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo! - 1 || day.getUTCDate() !== d)
    throw usageError(`TIME "${raw}" names a day that does not exist`, TIME_FIX);
  const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (!Number.isFinite(ms) || ms < 0) throw usageError(`TIME "${raw}" is before 1970, where the sandbox clock cannot go`, TIME_FIX);
  return ms;
}
