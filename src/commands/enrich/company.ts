import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { CompanyEnrichBody } from '../../api/schemas/enrichment.js';
import { PAY_AGAIN_FLAG, runPaid } from '../../cli/paid.js';
import { DRY_RUN_FLAG } from '../../cli/cmdutil/enrich-flags.js';
import { formatCount as n } from '../../cli/output/numbers.js';

export const COMPANY_FIELDS = [
  'company_id',
  'name',
  'domain',
  'industry',
  'employee_count',
  'employee_count_range',
  'revenue_range',
  'hq_location',
  'funding_stage',
  'tech_stack',
  'linkedin_url',
];

export const command = defineCommand({
  description:
    'Looks up one company: industry, headcount, revenue, funding, tech stack, LinkedIn. 1 credit, answered at once; ' +
    'a company that is not found is refunded (exit 4). Estimates first and asks before spending.',
  flags: [
    { flags: '--domain <domain>', description: 'the company domain (most reliable)' },
    { flags: '--name <name>', description: 'the company name' },
    { flags: '--ticker <ticker>', description: 'the stock ticker' },
    { flags: '--id <company_id>', description: 'a company id (cmp_...) from a company search' },
    DRY_RUN_FLAG,
    PAY_AGAIN_FLAG,
  ],
  examples: ['prospect enrich company --domain example.com', 'prospect enrich company --id cmp_... --yes --json'],
  related: ['prospect search companies', 'prospect enrich cohort'],
  async run(opts, ctx) {
    const given = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
    const fields = {
      domain: given(opts.domain),
      company_name: given(opts.name),
      company_ticker: given(opts.ticker),
      company_id: given(opts.id),
    };
    const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CompanyEnrichBody;
    if (Object.keys(body).length === 0)
      throw usageError(
        'say which company: --domain, --name, --ticker or --id',
        'For example: prospect enrich company --domain example.com',
      );
    const paid = await runPaid(
      ctx,
      {
        estimate: estimateBodyFor({ tool: 'enrich_company', body }),
        what: 'Enriching one company',
        run: (quote_id, journal) => ctx.api.enrichment.sendCompany({ ...body, quote_id }, { sleep: ctx.clock.sleep, journal }),
      },
      { dryRun: opts.dryRun },
    );
    if (!paid) return;
    const r = paid.result;
    if (ctx.out.format === 'json') await ctx.out.print({ kind: 'object', payload: r });
    else
      await ctx.out.print({
        kind: 'object',
        payload: { ...r.company, ...(r.agent_instructions ? { agent_instructions: r.agent_instructions } : {}) },
        fields: COMPANY_FIELDS,
      });
    ctx.out.success(`Charged ${n(r.credits_charged)} credit${r.credits_charged === 1 ? '' : 's'}.`);
  },
});
