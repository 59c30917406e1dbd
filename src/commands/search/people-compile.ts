import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { oneStdinReader, readJsonObject } from '../../cli/json-input.js';
import { oneOf } from '../../cli/parse.js';
import { checkCompanyCriteria, checkPersonCriteria } from '../../api/search-check.js';
import { CRM_PROVIDERS } from '../../api/schemas/values/search.js';
import type { CompileBody } from '../../api/schemas/search.js';

const FLAGS = [
  { flags: '--criteria <file|json>', description: 'the criteria object: a file, - for stdin, or inline JSON (required)' },
  { flags: '--company-criteria <file|json>', description: 'employer criteria: a file, - for stdin, or inline JSON' },
  { flags: '--crm <provider>', description: 'CRM whose records to exclude', choices: CRM_PROVIDERS, parse: oneOf('--crm', CRM_PROVIDERS) },
] as const satisfies readonly FlagSpec[];

export const command = defineCommand({
  description:
    'Shows what the service makes of a criteria object: the route (person_first or company_first), the person and ' +
    'company filters it compiles to, warnings and the exclusions it can apply. Free; not counted as a search. Prints JSON unless --format says otherwise.',
  flags: FLAGS,
  examples: [
    `prospect search people compile --criteria '{"jobTitlesInclude":["CTO"],"jobTitleMatchType":"contains"}'`,
    'prospect search people compile --criteria criteria.json --company-criteria companies.json',
  ],
  related: ['prospect search people --criteria', 'prospect search people at-companies'],
  async run(opts, ctx) {
    if (opts.criteria === undefined)
      throw usageError('--criteria is required', `For example --criteria '{"jobTitlesInclude":["CTO"]}' or --criteria criteria.json.`);
    oneStdinReader({ '--criteria': opts.criteria, '--company-criteria': opts.companyCriteria });
    const criteria = await readJsonObject('--criteria', opts.criteria, ctx.io.stdin);
    const body: CompileBody = { criteria };
    const bad = checkPersonCriteria(criteria);
    if (bad) throw usageError(bad.message, 'Fix that field of the criteria object.');
    if (opts.companyCriteria !== undefined) {
      body.company_criteria = await readJsonObject('--company-criteria', opts.companyCriteria, ctx.io.stdin);
      const badCompany = checkCompanyCriteria(body.company_criteria, 'company_criteria');
      if (badCompany) throw usageError(badCompany.message, 'Fix that field of the company criteria object.');
    }
    if (opts.crm) body.crm = opts.crm;
    const compiled = await ctx.api.people.compile(body);
    for (const w of compiled.warnings ?? []) ctx.out.warn(w);
    await ctx.out.withFormat(ctx.globals.format ?? 'json').print({ kind: 'object', payload: compiled });
  },
});
