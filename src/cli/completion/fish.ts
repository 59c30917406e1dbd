import { oneLine, quoteSh, shellCode, type CompletionFlag, type CompletionSpec } from './spec.js';

/**
 * fish completion: the same lookups as the bash and zsh scripts, in fish's `switch`, and one
 * completion function that prints candidates with their descriptions (fish filters them).
 */

const printLines = (items: readonly string[]) => `printf '%s\\n' ${items.map(quoteSh).join(' ')}`;
const printDescribed = (items: readonly [string, string][]) =>
  `printf '%s\\t%s\\n' ${items.map(([w, d]) => `${quoteSh(w)} ${quoteSh(oneLine(d))}`).join(' ')}`;

function switchFunction(name: string, args: string, subject: string, arms: [string[], string][], fallback: string): string {
  const body = arms.map(([patterns, action]) => `        case ${patterns.join(' ')}\n            ${action}`);
  return [
    `function ${name} --argument-names ${args}`,
    `    switch ${subject}`,
    ...body,
    `        case '*'`,
    `            ${fallback}`,
    '    end',
    'end',
  ].join('\n');
}

function flagArms(
  key: string | undefined,
  flags: readonly CompletionFlag[],
  action: (f: CompletionFlag) => string | undefined,
): [string[], string][] {
  const out: [string[], string][] = [];
  for (const f of flags) {
    const a = action(f);
    if (a !== undefined) out.push([f.names.map((n) => quoteSh(key === undefined ? `*|${n}` : `${key}|${n}`)), a]);
  }
  return out;
}

function dataFunctions(spec: CompletionSpec): string {
  const child: [string[], string][] = [];
  const words: [string[], string][] = [];
  const flags: [string[], string][] = [];
  const kinds: [string[], string][] = [];
  const values: [string[], string][] = [];
  const args: [string[], string][] = [];
  for (const n of spec.nodes) {
    for (const c of n.children) child.push([[c.name, ...c.aliases].map((w) => quoteSh(`${n.key}|${w}`)), `echo ${quoteSh(c.name)}`]);
    if (n.children.length) words.push([[quoteSh(n.key)], printDescribed(n.children.map((c) => [c.name, c.description]))]);
    const shown = n.flags.flatMap((f) => f.shown.map((s): [string, string] => [s, f.description]));
    if (shown.length) flags.push([[quoteSh(n.key)], printDescribed(shown)]);
    kinds.push(...flagArms(n.key, n.flags, (f) => `echo ${f.completes}`));
    values.push(...flagArms(n.key, n.flags, (f) => (f.values.length ? printLines(f.values) : undefined)));
    n.args.forEach((a, i) => {
      const keys = [quoteSh(`${n.key}|${i}`)];
      // A variadic last argument takes every further position too.
      if (a.variadic && i === n.args.length - 1) keys.push(quoteSh(`${n.key}|`) + '*');
      args.push([keys, a.values.length ? `echo one; ${printLines(a.values)}` : `echo ${a.completes}`]);
    });
  }
  const global = spec.globalFlags.flatMap((f) => f.shown.map((s): [string, string] => [s, f.description]));
  return [
    switchFunction('__prospect_child', 'path word', '"$path|$word"', child, 'return 1'),
    switchFunction('__prospect_words', 'path', '"$path"', words, 'true'),
    switchFunction('__prospect_flags', 'path', '"$path"', flags, 'true') +
      `\n\nfunction __prospect_global_flags\n    ${printDescribed(global)}\nend`,
    switchFunction(
      '__prospect_flag_kind',
      'path flag',
      '"$path|$flag"',
      [...kinds, ...flagArms(undefined, spec.globalFlags, (f) => `echo ${f.completes}`)],
      'echo switch; return 1',
    ),
    switchFunction(
      '__prospect_flag_values',
      'path flag',
      '"$path|$flag"',
      [...values, ...flagArms(undefined, spec.globalFlags, (f) => (f.values.length ? printLines(f.values) : undefined))],
      'true',
    ),
    // First line: how the argument completes; then its fixed values.
    switchFunction('__prospect_arg', 'path n', '"$path|$n"', args, 'echo text'),
  ].join('\n\n');
}

const FISH_MAIN = shellCode`# Prints the candidates for the token being typed.
function __prospect_complete
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cur (commandline -ct)
    set -l path ''
    set -l n 0
    set -l pending ''
    set -l globals
    set -l help ''
    set -l args_only ''
    set -l i 1
    while test $i -le (count $tokens)
        set -l word $tokens[$i]
        if test -n "$args_only"
            set n (math $n + 1)
            set i (math $i + 1)
            continue
        end
        if test "$word" = help; and test -z "$path"; and test -z "$help"
            set help 1
            set i (math $i + 1)
            continue
        end
        switch $word
            case --
                set args_only 1
            case '--*=*'
                set -l parts (string split -m 1 = -- $word)
                contains -- $parts[1] --profile --base-url; and set -a globals $parts[1] $parts[2]
            case '-?*'
                set -l kind (__prospect_flag_kind "$path" $word)
                if test "$kind" != switch
                    set i (math $i + 1)
                    if test $i -gt (count $tokens)
                        set pending $word
                        break
                    end
                    contains -- $word --profile --base-url; and set -a globals $word $tokens[$i]
                else if test "$word" = --sandbox
                    set -a globals --sandbox
                end
            case '*'
                set -l child
                if test $n -eq 0; and set child (__prospect_child "$path" $word)
                    set path (string trim -- "$path $child")
                else
                    set n (math $n + 1)
                end
        end
        set i (math $i + 1)
    end

    set -l prefix ''
    if test -z "$pending"; and string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 = -- $cur)
        if test (__prospect_flag_kind "$path" $parts[1]) != switch
            set pending $parts[1]
            set prefix "$parts[1]="
            set cur $parts[2]
        end
    end

    set -l kind
    set -l values
    set -l subcommands (__prospect_words "$path")
    test -z "$path"; and test -z "$help"; and set -a subcommands (printf 'help\tshow help for a command')
    if test -n "$pending"
        set kind (__prospect_flag_kind "$path" $pending)
        set values (__prospect_flag_values "$path" $pending)
    else if test -z "$args_only"; and string match -q -- '-*' $cur
        __prospect_flags "$path"
        __prospect_global_flags
        return
    else if test $n -eq 0; and test -z "$args_only"; and set -q subcommands[1]
        printf '%s\n' $subcommands
        return
    else if test -n "$help"
        return
    else
        set -l arg (__prospect_arg "$path" $n)
        set kind $arg[1]
        set values $arg[2..-1]
    end
    switch $kind
        case one
            printf '%s\n' $prefix$values
        case many
            # a comma list: complete its last item
            set -l head (string replace -r '[^,]*$' '' -- $cur)
            printf '%s\n' $prefix$head$values
        case file
            __fish_complete_path $cur | string replace -r '^' -- $prefix
        case dir
            __fish_complete_directories $cur | string replace -r '^' -- $prefix
        case list
            command prospect __complete lists $globals 2>/dev/null | string replace -r '^' -- $prefix
    end
end

complete -c prospect -f -a '(__prospect_complete)'`;

export function fishCompletion(spec: CompletionSpec): string {
  return [
    '# fish completion for prospect. Generated from the command tree by `prospect completion fish`; do not edit.',
    '# Install: prospect completion fish > ~/.config/fish/completions/prospect.fish',
    '',
    dataFunctions(spec),
    '',
    FISH_MAIN,
    '',
  ].join('\n');
}
