import type { Context } from './context.js';

/**
 * Waiting for remote work: a progress line on stderr while it runs. Ctrl-C stops the wait,
 * never the work, and says how to pick it up again.
 */

/** What the SDK's pollers take from the context: the abort signal and the clock. */
export const pollOptions = (ctx: Context) => ({ signal: ctx.signal, sleep: ctx.clock.sleep, now: ctx.clock.now });

export async function withProgress<T>(ctx: Context, text: string, resumeHint: string, work: () => Promise<T>): Promise<T> {
  await ctx.progress.start(text);
  try {
    const done = await work();
    ctx.progress.stop();
    return done;
  } catch (e) {
    ctx.progress.stop();
    if (ctx.signal.aborted) ctx.out.info(resumeHint);
    throw e;
  }
}
