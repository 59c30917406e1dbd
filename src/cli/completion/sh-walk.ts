import { shellCode } from './spec.js';

/**
 * Shell code that bash and zsh share: the walk over the words typed so far (which command
 * they name, how many arguments came, whether a flag waits for its value) and the call for
 * list names. Written in the common subset of both shells; `$@` holds the words.
 */
export const SHARED_WALK = shellCode`# Sets _prospect_path (the command named), _prospect_n (positional arguments given),
# _prospect_pending (a flag whose value is being typed), _prospect_help (after "help": only
# command names), _prospect_args_only (after "--": no flags) and the global flags that
# choose where list names come from.
_prospect_walk() {
  _prospect_path='' _prospect_n=0 _prospect_pending='' _prospect_profile='' _prospect_base_url='' _prospect_sandbox=''
  _prospect_help='' _prospect_args_only=''
  local flag
  while [ $# -gt 0 ]; do
    if [ -n "$_prospect_args_only" ]; then
      _prospect_n=$((_prospect_n + 1))
      shift
      continue
    fi
    case $1 in
      --) _prospect_args_only=1 ;;
      help)
        if [ -z "$_prospect_path" ] && [ -z "$_prospect_help" ]; then
          _prospect_help=1
        elif [ "$_prospect_n" -eq 0 ] && _prospect_child "$_prospect_path" "$1"; then
          _prospect_path=\${_prospect_path:+$_prospect_path }$REPLY
        else
          _prospect_n=$((_prospect_n + 1))
        fi ;;
      --*=*) _prospect_remember "\${1%%=*}" "\${1#*=}" ;;
      -?*)
        if _prospect_flag_kind "$_prospect_path" "$1" && [ "$REPLY" != switch ]; then
          flag=$1
          shift
          # bash splits --flag=value into three words
          [ "$1" = = ] && shift
          if [ $# -eq 0 ]; then
            _prospect_pending=$flag
            return 0
          fi
          _prospect_remember "$flag" "$1"
        elif [ "$1" = --sandbox ]; then
          _prospect_sandbox=1
        fi ;;
      *)
        if [ "$_prospect_n" -eq 0 ] && _prospect_child "$_prospect_path" "$1"; then
          _prospect_path=\${_prospect_path:+$_prospect_path }$REPLY
        else
          _prospect_n=$((_prospect_n + 1))
        fi ;;
    esac
    shift
  done
}

_prospect_remember() {
  case $1 in
    --profile) _prospect_profile=$2 ;;
    --base-url) _prospect_base_url=$2 ;;
  esac
}

# List names of the profile in use, from prospect's short-lived cache (nothing when no
# profile or key is configured).
_prospect_list_names() {
  set -- __complete lists
  [ -n "$_prospect_profile" ] && set -- "$@" --profile "$_prospect_profile"
  [ -n "$_prospect_base_url" ] && set -- "$@" --base-url "$_prospect_base_url"
  [ -n "$_prospect_sandbox" ] && set -- "$@" --sandbox
  command prospect "$@" 2>/dev/null
}`;
