import type { RateLimitInfo, TraceEvent } from '../api/client.js';
import { counted, formatCount } from './output/numbers.js';

/**
 * Waits named for a person: the client pacing itself under the rate limit, a 429 waited out,
 * a retry after a failure. On the spinner line while one shows; otherwise as a line of its
 * own when the wait is long enough to look like a hang.
 */

const SCOPES: Record<string, string> = {
  api_key: 'per API key',
  organization: 'per organization',
  organization_people_search: 'people searches per organization',
  connector_people_search: 'people searches per organization',
};

const WINDOWS: Record<number, string> = { 1_000: 'a second', 60_000: 'a minute', 3_600_000: 'an hour', 86_400_000: 'a day' };

/** "30 requests a minute per API key". */
export function describeLimit(l: RateLimitInfo): string {
  const window = WINDOWS[l.windowMs] ?? `per ${Math.round(l.windowMs / 1000)} s`;
  const scope = l.scope ? (SCOPES[l.scope] ?? `per ${l.scope.replaceAll('_', ' ')}`) : '';
  const what = scope.startsWith('people searches')
    ? `${formatCount(l.limit)} ${scope.replace(' per ', ` ${window} per `)}`
    : `${counted(l.limit, 'request')} ${window}${scope ? ` ${scope}` : ''}`;
  return what;
}

const seconds = (ms: number) => `${Math.max(1, Math.ceil(ms / 1000))} s`;

/** What a wait is for, or undefined for events that are not waits. */
export function waitText(e: TraceEvent): string | undefined {
  if (e.type === 'pace') return `waiting ${seconds(e.waitMs)} for the rate limit, ${describeLimit(e.limit)}`;
  if (e.type !== 'retry') return undefined;
  if (e.reason.startsWith('429'))
    return `waiting ${seconds(e.waitMs)}: rate limited${e.limit ? `, ${describeLimit(e.limit)}` : ' (the service said how long)'}`;
  return `the service answered ${e.reason}: trying again in ${seconds(e.waitMs)}`;
}

/** Waits shorter than this pass without a line of their own (they show on a spinner). */
export const WAIT_LINE_MS = 2_000;

export interface WaitNotices {
  /** Shows the wait on the spinner; false when there is none. */
  note(text?: string): boolean;
  /** Prints a line on stderr. */
  line(text: string): void;
}

/** Turns trace events into wait notices. */
export function noticeWaits(to: WaitNotices): (e: TraceEvent) => void {
  return (e) => {
    if (e.type === 'request') {
      to.note();
      return;
    }
    const text = waitText(e);
    if (text === undefined || !('waitMs' in e)) return;
    if (!to.note(text) && e.waitMs >= WAIT_LINE_MS) to.line(`${text[0]!.toUpperCase()}${text.slice(1)}...`);
  };
}

/** "3 min" / "45 s" / "2 h 5 min". */
export function formatDuration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 90) return `${s} s`;
  const min = Math.round(s / 60);
  return min < 120 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** An ETA for paced work, from the ceiling the service announced ("about 6 min left"); the wait notes name the limit. */
export function etaText(estimate: { ms: number } | undefined): string | undefined {
  if (!estimate || estimate.ms < 10_000) return undefined;
  return `about ${formatDuration(estimate.ms)} left`;
}
