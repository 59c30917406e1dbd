import type { Api } from '../../api/api.js';
import type { ListSummary } from '../../api/schemas/lists.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { CliError, notFoundError, usageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { counted } from '../output/numbers.js';

/** A list id as the service writes them (lst_ plus hex), or a UUID. */
const LIST_ID = /^(lst_[0-9a-f]{8,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function looksLikeListId(s: string): boolean {
  return LIST_ID.test(s);
}

export interface ResolvedList {
  list_id: string;
  /** The summary when the argument was a name (an id is passed through unread). */
  summary?: ListSummary;
}

/**
 * A LIST argument: a list id as it is, or the exact name of a list you can see. A name is
 * matched case-sensitively first, then ignoring case; two or more matches are an error
 * listing them, none is exit 4.
 */
export async function resolveList(api: Api, arg: string): Promise<ResolvedList> {
  const want = arg.trim();
  if (!want) throw usageError('the list argument is empty', 'Pass a list id or the exact name of a list (see `prospect lists ls`).');
  if (looksLikeListId(want)) return { list_id: want };
  const exact: ListSummary[] = [];
  const folded: ListSummary[] = [];
  const lower = want.toLowerCase();
  for await (const l of api.lists.list({ limit: LIST_LIMITS.listsPage.max })) {
    if (l.name === want) exact.push(l);
    else if (l.name.toLowerCase() === lower) folded.push(l);
  }
  const matches = exact.length ? exact : folded;
  if (matches.length === 1) return { list_id: matches[0]!.list_id, summary: matches[0]! };
  if (matches.length === 0)
    throw notFoundError(`no list named "${want}"`, 'See your lists with `prospect lists ls`, or create it with `prospect lists create`.');
  const lines = matches.map(
    (l) => `${l.list_id}  ${l.name}  (${l.visibility}, owner ${l.owner_name ?? 'unknown'}, ${counted(l.lead_count, 'lead')})`,
  );
  throw new CliError({
    code: 'ambiguous_list',
    message: `${counted(matches.length, 'list')} are named "${want}"`,
    cause: `Candidates:\n${lines.join('\n')}`,
    fix: 'Pass the list id instead of the name.',
    exitCode: ExitCode.USAGE,
  });
}
