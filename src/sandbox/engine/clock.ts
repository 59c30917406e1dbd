/**
 * The sandbox clock: real time plus an offset the test controls move. Everything
 * time-based in the sandbox (rate windows, expiries, JWT exp, created_at) reads it.
 */
export class SandboxClock {
  private offset = 0;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.realNow() + this.offset;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  get offsetMs(): number {
    return this.offset;
  }

  set offsetMs(ms: number) {
    this.offset = ms;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offset += ms;
    return this.now();
  }

  /** Jumps to an absolute time; real time keeps running from there. */
  set(ms: number): number {
    this.offset = ms - this.realNow();
    return this.now();
  }
}
