import type { Context } from '../../../cli/context.js';
import { usageError } from '../../../cli/errors.js';
import { oneStdinReader, readJsonObject } from '../../../cli/json-input.js';
import type { Checked, CriteriaProblem } from '../../../api/search-check.js';
import { mergeFilters } from './filter-flags.js';

export type SearchInput = { criteria: Record<string, unknown> } | { filters: Record<string, unknown> };

export interface SearchInputRules {
  checkCriteria(criteria: unknown): CriteriaProblem | undefined;
  checkFilters(filters: unknown): Checked<unknown>;
  /** A --filters shape sent as it is, without key checks (company search's raw {op, conditions}). */
  passesUnchecked?: (filters: Record<string, unknown>) => boolean;
  /** "--title \"CTO\" or --company-domains acme.com" */
  example: string;
  /** The accepted keys, for the fix line. */
  keys: string;
}

/**
 * The body of a search from --criteria, or from --filters with the filter flags added:
 * read, checked with the same rules the service applies, refused with exit 2 before sending.
 */
export async function readSearchInput(
  ctx: Context,
  opts: { filters?: string | undefined; criteria?: string | undefined },
  fromFlags: Record<string, string[]>,
  rules: SearchInputRules,
): Promise<SearchInput> {
  oneStdinReader({ '--filters': opts.filters, '--criteria': opts.criteria });
  const flagsGiven = Object.keys(fromFlags).length > 0;
  if (opts.criteria !== undefined) {
    if (opts.filters !== undefined || flagsGiven)
      throw usageError(
        '--criteria cannot be combined with --filters or filter flags',
        'Put every condition in the criteria object, or drop --criteria.',
      );
    const criteria = await readJsonObject('--criteria', opts.criteria, ctx.io.stdin);
    const bad = rules.checkCriteria(criteria);
    if (bad) throw usageError(bad.message, 'Fix that field of the criteria object.');
    return { criteria };
  }
  const base = opts.filters !== undefined ? await readJsonObject('--filters', opts.filters, ctx.io.stdin) : {};
  if (rules.passesUnchecked?.(base)) {
    if (flagsGiven)
      throw usageError('filter flags cannot be added to the raw {op, conditions} shape', 'Add them as conditions, or use flat filters.');
    return { filters: base };
  }
  const merged = mergeFilters(base, fromFlags);
  if (Object.keys(merged).length === 0)
    throw usageError('no filters given', `Add a filter flag such as ${rules.example}, or --filters FILE.`);
  const checked = rules.checkFilters(merged);
  if (!checked.ok) throw usageError(checked.problem.message, `Keys: ${rules.keys}.`);
  return { filters: checked.value as Record<string, unknown> };
}
