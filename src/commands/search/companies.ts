import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { intInRange } from '../../cli/parse.js';
import { limitFlags, pageBudget } from '../../cli/paging.js';
import { closest } from '../../api/suggest.js';
import { SAVE_TO_FLAGS, checkSaveToFlags, saverFromFlags } from '../../cli/cmdutil/save-to.js';
import { checkCompanyCriteria, checkCompanyFilters, isCompanyRawFilter } from '../../api/search-check.js';
import { COMPANY_COLUMN_LABELS, COMPANY_FLAT_KEYS, SEARCH_LIMITS, companyColumnField } from '../../api/schemas/values/search.js';
import type { CompanySearchBody } from '../../api/schemas/search.js';
import { filterFlagSpecs, filtersFromFlags } from './shared/filter-flags.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import { readSearchInput } from './shared/search-input.js';
import { COMPANY_FILTER_FLAGS } from './shared/company-flags.js';
import { COMPANY_TABLE_COLUMNS, runSearch } from './shared/run-search.js';
import { NO_HEADER_FLAG } from '../../cli/paging-progress.js';

const L = SEARCH_LIMITS.companies;
const SIZES = { min: L.min, max: L.perResponse, default: L.default };

function checkColumns(labels: readonly string[]): string[] {
  for (const label of labels)
    if (companyColumnField(label) === undefined) {
      const s = closest(label, COMPANY_COLUMN_LABELS);
      throw usageError(`unknown column "${label}"${s ? `: use "${s}"` : ''}`, `Columns: ${COMPANY_COLUMN_LABELS.join(', ')}.`);
    }
  return [...labels];
}

export const command = defineCommand({
  description:
    "Flat filters: AND across keys, OR within one; the service's aliases work as flags and in --filters. --filters also takes the " +
    'raw {"op","conditions"} shape, sent without key checks. Free; not counted toward the daily people-search cap. ' +
    `--limit N returns N rows in all, in pages of up to ${L.perResponse} (--page-size sets the page). With --save-to and --json the output carries saved_to: the list id and the counts.`,
  flags: [
    ...filterFlagSpecs(COMPANY_FILTER_FLAGS),
    {
      flags: '--filters <file|json>',
      description: 'flat filters (or the raw {op, conditions} shape) as JSON: a file, - for stdin, or inline',
    },
    {
      flags: '--criteria <file|json>',
      description: 'the criteria form (revenueMin, industriesInclude, hqCountriesIso3, ...) as JSON: a file, - for stdin, or inline',
    },
    {
      flags: '--columns <labels>',
      description: 'extra row fields; repeatable or comma-separated',
      values: COMPANY_COLUMN_LABELS,
      parse: gather('comma'),
    },
    ...limitFlags('companies', SIZES),
    { flags: '--cursor <cursor>', description: 'start after a previous page (send the same filters)' },
    { flags: '--all', description: 'follow cursors to the last page and stream every row (not with --limit)' },
    NO_HEADER_FLAG,
    ...SAVE_TO_FLAGS,
    {
      flags: '--max-pages <n>',
      description: 'stop after this many requests (pages)',
      parse: intInRange('--max-pages', 1, 100_000),
      defaultDescription: 'no limit',
    },
  ],
  examples: [
    'prospect search companies --industry "Software Development" --headcount 51-200 --country Germany',
    'prospect search companies --domains acme.com,globex.com --columns Founded,LinkedIn',
    `prospect search companies --filters '{"op":"and","conditions":[{"column":"revenue","type":"gte","value":10000000}]}' --all --format ndjson`,
    `prospect search companies --criteria '{"revenueMin":10000000,"hqCountriesIso3":["DEU"]}'`,
  ],
  related: ['prospect search companies filters', 'prospect search companies similar', 'prospect search people'],
  async run(opts, ctx) {
    const body: Omit<CompanySearchBody, 'limit' | 'cursor'> = await readSearchInput(
      ctx,
      opts,
      filtersFromFlags(COMPANY_FILTER_FLAGS, opts),
      {
        checkCriteria: checkCompanyCriteria,
        checkFilters: checkCompanyFilters,
        passesUnchecked: isCompanyRawFilter,
        example: '--industry "Software Development" or --domains acme.com',
        keys: `${COMPANY_FLAT_KEYS.join(', ')} (and their aliases)`,
      },
    );
    if (opts.columns?.length) body.columns = checkColumns(opts.columns);
    checkSaveToFlags(opts);
    pageBudget(opts, SIZES);
    const saver = await saverFromFlags(ctx, opts, 'companies');
    await runSearch(ctx, opts, {
      search: (start) => ctx.api.companies.search({ ...body, ...start }),
      noun: 'companies',
      tableColumns: COMPANY_TABLE_COLUMNS,
      sizes: SIZES,
      countsAsSearch: false,
      emptyMessage: 'No companies match these filters.',
      ...(saver ? { onPage: saver.save, extra: () => ({ saved_to: saver.result() }) } : {}),
    });
    saver?.report();
  },
});
