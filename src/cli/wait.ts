import type { WaitOptions } from '../api/resource.js';
import type { Context } from './context.js';
import { nextCommand } from './command-line.js';

/**
 * Waiting for remote work: a progress line on stderr while it runs. Ctrl-C stops the wait,
 * never the work, and says how to pick it up again.
 */

/** What the api's waits take from the context: its clock (the api binds the signal). */
export const pollOptions = (ctx: Context): Pick<WaitOptions<unknown>, 'sleep' | 'now'> => ({ sleep: ctx.clock.sleep, now: ctx.clock.now });

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

/**
 * Polls remote work with a progress line rendered from each status read (`text()` before the
 * first); `poll` gets the context's clock and the progress callback.
 */
export function watchWithProgress<S>(
  ctx: Context,
  text: (s?: S) => string,
  resumeHint: string,
  poll: (o: ReturnType<typeof pollOptions> & { onProgress: (s: S) => void }) => Promise<S>,
): Promise<S> {
  return withProgress(ctx, text(), resumeHint, () => poll({ ...pollOptions(ctx), onProgress: (s) => ctx.progress.update(text(s)) }));
}

/**
 * `--no-wait`: the handle alone on stdout, so `ID=$(prospect ... --no-wait)` holds it (the whole
 * answer with --format json), and on stderr the command that watches it.
 */
export async function printHandle(
  ctx: Context,
  handle: string,
  answer: object,
  watch: readonly string[],
  label = 'Watch it with',
): Promise<void> {
  await writeHandles(ctx, [handle], answer);
  ctx.out.info(`${label}: ${nextCommand(ctx, watch)}`);
}

/** The handles alone on stdout, one a line; with --format json or ndjson the whole answer instead. */
export async function writeHandles(ctx: Context, handles: readonly string[], answer: object): Promise<void> {
  if (ctx.out.format === 'json' || ctx.out.format === 'ndjson')
    await ctx.out.print({ kind: 'object', payload: answer as Record<string, unknown> });
  else ctx.io.stdout.write(handles.map((h) => `${h}\n`).join(''));
}
