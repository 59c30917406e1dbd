import { oneLine, quoteSh, type CompletionFlag, type CompletionSpec } from './spec.js';

/**
 * The command tree as shell functions that bash and zsh both run (plain `case`, no arrays):
 * the completion scripts of both shells share them and differ only in how they offer words.
 * Lookups used once per word of the command line set REPLY instead of printing, so walking
 * a long command line starts no subshell.
 */

const arm = (patterns: readonly string[], body: string) => `    ${patterns.join('|')}) ${body} ;;`;
const lines = (items: readonly string[]) => (items.length ? `printf '%s\\n' ${items.map(quoteSh).join(' ')}` : ':');
const described = (items: readonly [string, string][]) =>
  items.length ? `printf '%s\\t%s\\n' ${items.map(([w, d]) => `${quoteSh(w)} ${quoteSh(oneLine(d))}`).join(' ')}` : ':';

function caseFunction(name: string, comment: string, subject: string, arms: string[], fallback: string): string {
  return [`# ${comment}`, `${name}() {`, `  case ${subject} in`, ...arms, `    *) ${fallback} ;;`, '  esac', '}'].join('\n');
}

/** Flags of one node (or the global ones, for any node: `*`), as case arms keyed `path|--flag`. */
function flagArms(key: string | undefined, flags: readonly CompletionFlag[], body: (f: CompletionFlag) => string | undefined): string[] {
  const out: string[] = [];
  for (const f of flags) {
    const b = body(f);
    if (b !== undefined)
      out.push(
        arm(
          f.names.map((n) => (key === undefined ? `*${quoteSh(`|${n}`)}` : quoteSh(`${key}|${n}`))),
          b,
        ),
      );
  }
  return out;
}

export function shellDataFunctions(spec: CompletionSpec): string {
  const child: string[] = [];
  const words: string[] = [];
  const flags: string[] = [];
  const kinds: string[] = [];
  const values: string[] = [];
  const args: string[] = [];
  const argValues: string[] = [];
  for (const n of spec.nodes) {
    for (const c of n.children)
      child.push(
        arm(
          [c.name, ...c.aliases].map((w) => quoteSh(`${n.key}|${w}`)),
          `REPLY=${quoteSh(c.name)}`,
        ),
      );
    if (n.children.length) words.push(arm([quoteSh(n.key)], described(n.children.map((c) => [c.name, c.description]))));
    flags.push(arm([quoteSh(n.key)], described(n.flags.flatMap((f) => f.shown.map((s): [string, string] => [s, f.description])))));
    kinds.push(...flagArms(n.key, n.flags, (f) => `REPLY=${quoteSh(f.completes)}`));
    values.push(...flagArms(n.key, n.flags, (f) => (f.values.length ? lines(f.values) : undefined)));
    if (n.args.length) {
      const last = n.args.length - 1;
      const byIndex = n.args.map((a, i) => `${i}) REPLY=${quoteSh(a.completes)} ;;`);
      const rest = n.args[last]!.variadic ? `*) REPLY=${quoteSh(n.args[last]!.completes)} ;;` : '*) REPLY=text ;;';
      args.push(arm([quoteSh(n.key)], `case $2 in ${byIndex.join(' ')} ${rest} esac`));
      const withValues = n.args.map((a, i) => (a.values.length ? `${i}) ${lines(a.values)} ;;` : '')).filter(Boolean);
      if (withValues.length) argValues.push(arm([quoteSh(n.key)], `case $2 in ${withValues.join(' ')} esac`));
    }
  }
  const globalFlags = described(spec.globalFlags.flatMap((f) => f.shown.map((s): [string, string] => [s, f.description])));
  return [
    caseFunction('_prospect_child', 'REPLY: the subcommand that word $2 names under path $1', '"$1|$2"', child, "REPLY=''; return 1"),
    caseFunction('_prospect_words', 'the subcommands under path $1, with their summaries', '"$1"', words, ':'),
    caseFunction('_prospect_flags', 'the flags of path $1 and the global flags, with their descriptions', '"$1"', flags, ':') +
      `\n_prospect_global_flags() {\n  ${globalFlags}\n}`,
    caseFunction(
      '_prospect_flag_kind',
      'REPLY: how the value of flag $2 of path $1 completes (switch: it takes none)',
      '"$1|$2"',
      [...kinds, ...flagArms(undefined, spec.globalFlags, (f) => `REPLY=${quoteSh(f.completes)}`)],
      'REPLY=switch; return 1',
    ),
    caseFunction(
      '_prospect_flag_values',
      'the fixed values of flag $2 of path $1',
      '"$1|$2"',
      [...values, ...flagArms(undefined, spec.globalFlags, (f) => (f.values.length ? lines(f.values) : undefined))],
      ':',
    ),
    caseFunction('_prospect_arg_kind', 'REPLY: how positional argument $2 (from 0) of path $1 completes', '"$1"', args, 'REPLY=text'),
    caseFunction('_prospect_arg_values', 'the fixed values of positional argument $2 of path $1', '"$1"', argValues, ':'),
  ].join('\n\n');
}
