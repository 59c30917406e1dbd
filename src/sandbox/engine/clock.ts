/**
 * The sandbox clock: real time plus an offset the test controls move. Everything
 * time-based in the sandbox (rate windows, expiries, JWT exp, created_at) reads it.
 * Frozen, it stands still until moved or thawed, so a test can read exact Retry-After
 * values and window edges however slowly the machine runs.
 */
export interface SavedClock {
  now_ms: number;
  frozen: boolean;
  offset_ms: number;
}

export class SandboxClock {
  private offset = 0;
  /** The frozen time, or null while the clock runs. */
  private frozenAt: number | null = null;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.frozenAt ?? this.realNow() + this.offset;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  /** Stops the clock at its current time (true) or lets it run on from there (false). */
  set frozen(on: boolean) {
    if (on === this.frozen) return;
    if (on) this.frozenAt = this.now();
    else {
      this.offset = (this.frozenAt ?? this.realNow()) - this.realNow();
      this.frozenAt = null;
    }
  }

  /** Sandbox time minus real time (what a snapshot keeps; a reload runs on from it). */
  get offsetMs(): number {
    return this.frozenAt === null ? this.offset : this.frozenAt - this.realNow();
  }

  /** Sets the offset; a frozen clock stays frozen at real time plus the offset. */
  set offsetMs(ms: number) {
    this.offset = ms;
    if (this.frozenAt !== null) this.frozenAt = this.realNow() + ms;
  }

  /**
   * What a snapshot keeps: the absolute time and whether it stands still (a reload goes on from
   * that time, so quotes and handles keep their remaining life), and the offset a running clock had.
   */
  saved(): SavedClock {
    return { now_ms: this.now(), frozen: this.frozen, offset_ms: this.offset };
  }

  /** Back to a saved clock: frozen at its time, or running on from it. */
  restore(c: SavedClock): void {
    this.offset = c.frozen ? c.offset_ms : c.now_ms - this.realNow();
    this.frozenAt = c.frozen ? c.now_ms : null;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offset += ms;
    return this.now();
  }

  /** Jumps to an absolute time; a running clock keeps running from there. */
  set(ms: number): number {
    if (this.frozenAt !== null) this.frozenAt = ms;
    else this.offset = ms - this.realNow();
    return this.now();
  }
}
