import type { Context } from './context.js';
import { shellWord } from '../config/shell-word.js';

/**
 * Commands printed for a person to run next. They run exactly as printed: every word is
 * quoted for a POSIX shell, and the global flags that chose the service and the identity
 * of this invocation (--sandbox, --profile, --base-url) come along, so the next command
 * talks to the same service as the same person.
 */

export { shellWord } from '../config/shell-word.js';

/** The global flags that chose the service and identity, which every printed command carries. */
export type TargetGlobals = Pick<Context['globals'], 'sandbox' | 'profile' | 'baseUrl'>;

/** The global flags of this invocation that chose the service and identity, as words. */
export function targetFlags(globals: TargetGlobals): string[] {
  const words: string[] = [];
  if (globals.sandbox) words.push('--sandbox');
  if (globals.profile !== undefined) words.push('--profile', globals.profile);
  if (globals.baseUrl !== undefined) words.push('--base-url', globals.baseUrl);
  return words;
}

/** `prospect [target flags] words...`, quoted: a follow-up command for a person to run. */
export function nextCommand(ctx: { globals: TargetGlobals }, words: readonly string[]): string {
  return ['prospect', ...targetFlags(ctx.globals), ...words].map(shellWord).join(' ');
}

/** This invocation again, exactly as it was typed (quoted): "run the same command again". */
export function sameCommand(ctx: Pick<Context, 'argv'>): string {
  return ['prospect', ...ctx.argv].map(shellWord).join(' ');
}

/**
 * This invocation again with some flags set anew (`--cursor NEXT`): the flag's earlier values
 * are dropped, in either spelling (`--cursor X`, `--cursor=X`), and the new ones appended.
 */
export function sameCommandWith(ctx: Pick<Context, 'argv'>, flags: Readonly<Record<string, string>>): string {
  const words: string[] = [];
  for (let i = 0; i < ctx.argv.length; i++) {
    const word = ctx.argv[i]!;
    if (Object.hasOwn(flags, word)) {
      i += 1;
      continue;
    }
    if (Object.keys(flags).some((f) => word.startsWith(`${f}=`))) continue;
    words.push(word);
  }
  for (const [flag, value] of Object.entries(flags)) words.push(flag, value);
  return ['prospect', ...words].map(shellWord).join(' ');
}

/** ` >> FILE` when stdout is redirected to a file: a continuation appends to what this run wrote. */
export function appendToStdout(ctx: Pick<Context, 'io'>): string {
  const file = ctx.io.stdoutPath?.();
  return file ? ` >> ${shellWord(file)}` : '';
}
