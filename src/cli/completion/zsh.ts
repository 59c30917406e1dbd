import { shellDataFunctions } from './sh-data.js';
import { SHARED_WALK } from './sh-walk.js';
import { shellCode, type CompletionSpec } from './spec.js';

/** Offering words in zsh: _describe for words with descriptions, compadd for values and names. */
const ZSH_MAIN = shellCode`# Offers the lines of $2 ("word<TAB>description") under the tag $1.
_prospect_describe() {
  local -a items
  local line
  for line in "\${(@f)2}"; do
    [[ -n $line ]] && items+=("\${\${line%%$'\t'*}//:/\\:}:\${line#*$'\t'}")
  done
  _describe -t "$1" "$1" items
}

# Completes a value: $1 how (one, many, file, dir, list), $2 the fixed values.
_prospect_value() {
  local -a items
  items=("\${(@f)2}")
  case $1 in
    one) compadd -a items ;;
    many) compset -P '*,'; compadd -a items ;;
    file) _files ;;
    dir) _files -/ ;;
    list) items=("\${(@f)$(_prospect_list_names)}"); compadd -a items ;;
  esac
}

_prospect() {
  local REPLY cur=\${words[CURRENT]} subcommands
  _prospect_walk "\${(@)words[2,CURRENT-1]}"
  # zsh keeps --flag=value in one word: complete the value after "="
  if [[ -z $_prospect_pending && $cur == --*=* ]] && _prospect_flag_kind "$_prospect_path" "\${cur%%=*}" && [[ $REPLY != switch ]]; then
    _prospect_pending=\${cur%%=*}
    compset -P '*='
  fi
  if [[ -n $_prospect_pending ]]; then
    _prospect_flag_kind "$_prospect_path" "$_prospect_pending"
    _prospect_value "$REPLY" "$(_prospect_flag_values "$_prospect_path" "$_prospect_pending")"
    return
  fi
  if [[ $cur == -* && -z $_prospect_args_only ]]; then
    _prospect_describe flags "$(_prospect_flags "$_prospect_path"; _prospect_global_flags)"
    return
  fi
  subcommands=$(_prospect_words "$_prospect_path")
  [[ -z $_prospect_path && -z $_prospect_help ]] && subcommands+=$'\nhelp\tshow help for a command'
  if (( _prospect_n == 0 )) && [[ -n $subcommands && -z $_prospect_args_only ]]; then
    _prospect_describe commands "$subcommands"
    return
  fi
  [[ -n $_prospect_help ]] && return
  _prospect_arg_kind "$_prospect_path" "$_prospect_n"
  _prospect_value "$REPLY" "$(_prospect_arg_values "$_prospect_path" "$_prospect_n")"
}

if [[ $funcstack[1] == _prospect ]]; then
  _prospect "$@"
else
  compdef _prospect prospect
fi`;

export function zshCompletion(spec: CompletionSpec): string {
  return [
    '#compdef prospect',
    '# zsh completion for prospect. Generated from the command tree by `prospect completion zsh`; do not edit.',
    '',
    shellDataFunctions(spec),
    '',
    SHARED_WALK,
    '',
    ZSH_MAIN,
    '',
  ].join('\n');
}
