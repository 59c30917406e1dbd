import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { intInRange } from '../../cli/parse.js';
import { SEARCH_LIMITS } from '../../api/schemas/values/search.js';
import type { SimilarCompaniesBody } from '../../api/schemas/search.js';

const L = SEARCH_LIMITS.similar;

export const command = defineCommand({
  description:
    'Companies most like a seed company, by the share of facets they share (industry, size, revenue, country, funding, type, age). ' +
    'Free: no credits are deducted. A seed the service cannot resolve gives no results.',
  args: [{ name: 'domain', description: 'domain of the seed company (or give --id)', required: false }],
  flags: [
    { flags: '--id <company_id>', description: 'company_id of the seed instead of a domain' },
    {
      flags: '--limit <n>',
      description: `how many (${L.min}-${L.max})`,
      parse: intInRange('--limit', L.min, L.max),
      defaultDescription: String(L.default),
    },
  ],
  examples: ['prospect search companies similar acme.com', 'prospect search companies similar --id cmp_... --limit 50 --json'],
  related: ['prospect search companies'],
  async run(opts, ctx) {
    const [domain] = opts.args;
    if ((domain === undefined) === (opts.id === undefined))
      throw usageError(
        domain === undefined ? 'give a seed: DOMAIN or --id' : 'give DOMAIN or --id, not both',
        'For example: prospect search companies similar acme.com',
      );
    const body: SimilarCompaniesBody = domain !== undefined ? { company_domain: domain } : { company_id: opts.id! };
    if (opts.limit !== undefined) body.limit = opts.limit;
    const page = await ctx.api.companies.similar(body);
    await ctx.out.print({
      kind: 'rows',
      payload: page,
      rows: page.results,
      columns: ['name', 'domain', 'similarity_score', 'company_id'],
      emptyMessage: `No similar companies: the service found no company for ${domain ?? opts.id}.`,
    });
  },
});
