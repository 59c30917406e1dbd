import { shellDataFunctions } from './sh-data.js';
import { SHARED_WALK } from './sh-walk.js';
import { shellCode, type CompletionSpec } from './spec.js';

/** Offering words in bash: prefix match without evaluating them (list names are data), shell-quoted. */
const BASH_MAIN = shellCode`# Offers the words of $1 (one per line, a tab before any description) that start with
# what is typed; with $2 = many, completes the last item of a comma list.
_prospect_offer() {
  local typed=$cur prefix='' word quoted fits=''
  typed=\${typed#[\"\']}
  typed=\${typed//\\/}
  if [[ $2 == many && $typed == *,* ]]; then
    while IFS=$'\t' read -r word _; do
      [[ $word == "$typed"* ]] && fits=1
    done <<< "$1"
    if [[ -z $fits ]]; then
      prefix=\${typed%,*},
      typed=\${typed##*,}
    fi
  fi
  while IFS=$'\t' read -r word _; do
    if [[ -n $word && $word == "$typed"* ]]; then
      printf -v quoted '%q' "$prefix$word"
      COMPREPLY+=("$quoted")
    fi
  done <<< "$1"
}

# Completes a value: $1 how (one, many, file, dir, list), $2 the fixed values.
_prospect_value() {
  local path
  case $1 in
    one | many) _prospect_offer "$2" "$1" ;;
    file | dir)
      compopt -o filenames 2>/dev/null
      while IFS= read -r path; do
        COMPREPLY+=("$path")
      done < <(if [[ $1 == dir ]]; then compgen -d -- "$cur"; else compgen -f -- "$cur"; fi) ;;
    list) _prospect_offer "$(_prospect_list_names)" ;;
  esac
}

_prospect() {
  local cur=\${COMP_WORDS[COMP_CWORD]} REPLY subcommands
  local -a before=("\${COMP_WORDS[@]:1:COMP_CWORD-1}")
  # "--flag=" with the cursor after "=": bash makes "=" the current word
  [[ $cur == = ]] && cur=
  COMPREPLY=()
  _prospect_walk "\${before[@]}"
  if [[ -n $_prospect_pending ]]; then
    _prospect_flag_kind "$_prospect_path" "$_prospect_pending"
    _prospect_value "$REPLY" "$(_prospect_flag_values "$_prospect_path" "$_prospect_pending")"
    return 0
  fi
  if [[ $cur == -* && -z $_prospect_args_only ]]; then
    _prospect_offer "$(_prospect_flags "$_prospect_path"; _prospect_global_flags)"
    return 0
  fi
  subcommands=$(_prospect_words "$_prospect_path")
  [[ -z $_prospect_path && -z $_prospect_help ]] && subcommands+=$'\nhelp'
  if [[ $_prospect_n -eq 0 && -n $subcommands && -z $_prospect_args_only ]]; then
    _prospect_offer "$subcommands"
    return 0
  fi
  [[ -n $_prospect_help ]] && return 0
  _prospect_arg_kind "$_prospect_path" "$_prospect_n"
  _prospect_value "$REPLY" "$(_prospect_arg_values "$_prospect_path" "$_prospect_n")"
}

complete -F _prospect prospect`;

export function bashCompletion(spec: CompletionSpec): string {
  return [
    '# bash completion for prospect. Generated from the command tree by `prospect completion bash`; do not edit.',
    '# Load it with: source <(prospect completion bash)',
    '',
    shellDataFunctions(spec),
    '',
    SHARED_WALK,
    '',
    BASH_MAIN,
    '',
  ].join('\n');
}
