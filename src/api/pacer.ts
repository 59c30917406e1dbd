/**
 * Paces a client's requests under the rate limits the service announces in its
 * `RateLimit-Policy` header ("30;w=60": 30 requests per 60 s window), so loops over many
 * pages run at the ceiling instead of bouncing off 429s. The service counts in fixed
 * windows; a client that never sends more than `limit` requests in any sliding window of
 * `w` seconds (plus a small margin for arrival jitter) can never exceed a fixed one. A
 * service that announces nothing is not paced: its 429s and Retry-After still apply.
 */

export interface RatePolicy {
  limit: number;
  windowMs: number;
  /** Whom the limit counts (the item's `comment`: "api_key", "organization"), when the service says. */
  scope?: string;
}

/** Parses `limit;w=seconds[;...]` items, comma-separated; items without a window are ignored. */
export function parseRatePolicy(header: string | undefined): RatePolicy[] {
  if (!header) return [];
  const out: RatePolicy[] = [];
  for (const item of header.split(',')) {
    const [limitText, ...params] = item.split(';').map((s) => s.trim());
    const limit = Number(limitText);
    const w = params.find((p) => p.startsWith('w='));
    const seconds = w ? Number(w.slice(2)) : NaN;
    const comment = params
      .find((p) => p.startsWith('comment='))
      ?.slice('comment='.length)
      .replace(/^"(.*)"$/, '$1');
    if (Number.isInteger(limit) && limit > 0 && seconds > 0)
      out.push({ limit, windowMs: seconds * 1000, ...(comment ? { scope: comment } : {}) });
  }
  return out;
}

/** The smallest share of a window kept between the first and the limit-th request (for arrival jitter). */
const MARGIN_SHARE = 0.01;
const MIN_MARGIN_MS = 25;

export class RatePacer {
  private policies: RatePolicy[] = [];
  /** Send times, oldest first, as long as the longest window needs them. */
  private sent: number[] = [];

  constructor(
    private readonly now: () => number,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ) {}

  /** Adopts the policies a response announced (an answer without the header keeps the last ones). */
  learn(header: string | undefined): void {
    const p = parseRatePolicy(header);
    if (p.length) this.policies = p;
  }

  /** How long the next request must wait to stay under every policy (0: send now). */
  delayMs(now = this.now()): number {
    return this.binding(now).waitMs;
  }

  /** The wait, and the policy that imposes it (the one that makes it longest). */
  private binding(now: number): { waitMs: number; policy?: RatePolicy } {
    let wait = 0;
    let policy: RatePolicy | undefined;
    for (const p of this.policies) {
      if (this.sent.length < p.limit) continue;
      const margin = Math.max(MIN_MARGIN_MS, p.windowMs * MARGIN_SHARE);
      // The limit-th most recent send must be a whole window (plus margin) ago.
      const anchor = this.sent[this.sent.length - p.limit]!;
      if (anchor + p.windowMs + margin - now > wait) {
        wait = anchor + p.windowMs + margin - now;
        policy = p;
      }
    }
    return { waitMs: Math.max(0, Math.ceil(wait)), ...(policy ? { policy } : {}) };
  }

  /**
   * About how long `requests` more requests take under the announced limits (0 when they fit
   * in what the windows have left; undefined when nothing was announced): for an ETA.
   */
  timeFor(requests: number, now = this.now()): { ms: number; policy: RatePolicy } | undefined {
    let worst: { ms: number; policy: RatePolicy } | undefined;
    for (const p of this.policies) {
      const recent = this.sent.filter((t) => t > now - p.windowMs).length;
      const room = Math.max(0, p.limit - recent);
      const ms = requests <= room ? 0 : Math.ceil((requests - room) / p.limit) * p.windowMs;
      if (!worst || ms > worst.ms) worst = { ms, policy: p };
    }
    return worst;
  }

  /** Waits until a request may go (telling `onWait` how long and which policy, when it has to), then counts it as sent. */
  async take(signal?: AbortSignal, onWait?: (ms: number, policy: RatePolicy) => void): Promise<void> {
    const first = this.binding(this.now());
    let wait = first.waitMs;
    if (wait > 0 && first.policy) onWait?.(wait, first.policy);
    for (; wait > 0; wait = this.delayMs()) await this.sleep(wait, signal);
    this.sent.push(this.now());
    const keep = Math.max(0, ...this.policies.map((p) => p.limit));
    if (this.sent.length > keep * 2 + 16) this.sent.splice(0, this.sent.length - keep);
  }
}
