/** What every method takes beside its parameters. */
export interface CallOptions {
  /** Stops the call (and any wait between retries) when aborted. */
  signal?: AbortSignal | undefined;
}

/** How a `waitFor...` method polls until the job reaches a terminal state (any the spec lists). */
export interface WaitOptions<S> extends CallOptions {
  /** Gives up after this long with a PollTimeoutError (the job keeps running remotely). Default: no limit. */
  timeoutMs?: number;
  /** Told of every status read, the last (terminal) one included. */
  onProgress?: (status: S) => void;
  /** First wait between reads (default 500 ms), growing 1.5 times a read up to `maxIntervalMs` (default 5 s). */
  initialIntervalMs?: number;
  maxIntervalMs?: number;
}
