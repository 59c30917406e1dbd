/**
 * Waits `ms`; an abort ends the wait at once, rejecting with the signal's reason. The abort
 * listener goes when the wait ends either way: a long run sleeps thousands of times on one
 * signal, and listeners left behind pile up (MaxListenersExceededWarning).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
