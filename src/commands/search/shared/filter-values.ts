import { defineCommand } from '../../../cli/command.js';
import { usageError } from '../../../cli/errors.js';
import { closest } from '../../../api/suggest.js';
import {
  COMPANY_FILTER_FIELDS,
  HEADCOUNT_BANDS,
  PEOPLE_FIXED_VALUES,
  PEOPLE_FILTER_FIELDS,
  type CompanyFilterField,
  type PeopleFilterField,
} from '../../../api/schemas/values/search.js';

/** Fields whose values are a fixed list of the spec: listed without asking the service. */
const FIXED: Readonly<Record<string, readonly string[] | undefined>> = {
  ...PEOPLE_FIXED_VALUES,
  employee_count_ranges: HEADCOUNT_BANDS,
};

/** `search people filters` and `search companies filters`: the values a filter field takes. */
export function filterValuesCommand(kind: 'people' | 'companies') {
  const fields: readonly string[] = kind === 'people' ? PEOPLE_FILTER_FIELDS : COMPANY_FILTER_FIELDS;
  const example = kind === 'people' ? 'titles engineer' : 'industries software';
  return defineCommand({
    description:
      'Looks up the values of a filter field that contain QUERY, most common first (free). ' +
      'Without QUERY, a field with a fixed list of values prints that list.',
    args: [
      { name: 'field', description: 'the filter field', values: fields },
      { name: 'query', description: 'text the values contain', required: false },
    ],
    examples: [
      `prospect search ${kind} filters ${example}`,
      `prospect search ${kind} filters ${kind === 'people' ? 'seniority' : 'employee_count_ranges'}`,
    ],
    related: [`prospect search ${kind}`],
    async run(opts, ctx) {
      const [field, query] = opts.args as [string, string | undefined];
      if (!fields.includes(field)) {
        const s = closest(field, fields);
        throw usageError(`unknown filter field "${field}"${s ? `: use "${s}"` : ''}`, `Fields: ${fields.join(', ')}.`);
      }
      if (query === undefined || query.trim() === '') {
        const fixed = FIXED[field];
        if (!fixed)
          throw usageError(
            `${field} needs a QUERY: its values are looked up by text`,
            `For example: prospect search ${kind} filters ${field} ${field === 'titles' ? 'engineer' : 'a'}`,
          );
        const rows = fixed.map((value) => ({ value }));
        await ctx.out.print({ kind: 'rows', payload: { field, values: rows }, rows });
        return;
      }
      const page =
        kind === 'people'
          ? await ctx.api.people.filterValues(field as PeopleFilterField, query)
          : await ctx.api.companies.filterValues(field as CompanyFilterField, query);
      await ctx.out.print({
        kind: 'rows',
        payload: page,
        rows: page.values,
        columns: ['value', 'count'],
        emptyMessage: `No ${field} values contain "${query}".`,
      });
    },
  });
}
