import { declinedError } from '../../cli/errors.js';
import type { Context } from '../../cli/context.js';

/**
 * A destructive step: --yes goes ahead; on a terminal the question is asked; without a
 * terminal and without --yes nothing happens (exit 10).
 */
export async function confirmDestructive(ctx: Context, question: string, what: string): Promise<void> {
  if (ctx.globals.yes) return;
  if (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY)
    throw declinedError(`${what} needs confirmation and no terminal is attached`, 'Pass --yes to confirm.');
  if (!(await ctx.prompter.confirm(question, { flag: '--yes' }))) throw declinedError(`${what} declined; nothing was changed`);
}
