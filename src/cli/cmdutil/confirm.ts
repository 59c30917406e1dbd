import { declinedError } from '../errors.js';
import type { Context } from '../context.js';

/**
 * A destructive step: --yes goes ahead; on a terminal the question is asked (a [y/N]
 * question, or a stronger check of its own); without a terminal and without --yes nothing
 * happens (exit 10).
 */
export async function confirmDestructive(ctx: Context, question: string | (() => Promise<boolean>), what: string): Promise<void> {
  if (ctx.globals.yes) return;
  if (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY)
    throw declinedError(`${what} needs confirmation and no terminal is attached`, 'Pass --yes to confirm.');
  const agreed = typeof question === 'string' ? await ctx.prompter.confirm(question, { flag: '--yes' }) : await question();
  if (!agreed) throw declinedError(`${what} declined; nothing was changed`);
}
