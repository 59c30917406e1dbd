import { defineCommand } from '../../cli/command.js';
import { getIdentity } from '../../api/resources/whoami.js';
import { getBalance } from '../../api/resources/credits.js';
import { BALANCE_FIELDS, IDENTITY_FIELDS } from '../../api/fields.js';
import { searchPeople } from '../../api/resources/search.js';
import { PERSON_TABLE_COLUMNS } from '../search/run-search.js';
import { addLeads, createList, listLeads } from '../../api/resources/lists.js';
import { LEAD_TABLE_COLUMNS } from '../lists/lead-columns.js';
import { estimate } from '../../api/resources/credits.js';
import { enrichBulk, waitForEnrichment } from '../../api/resources/enrichment.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import { QUOTE_FIELDS } from '../../cli/paid.js';
import { pollOptions, withProgress } from '../../cli/wait.js';
import { STATUS_FIELDS, settlementLine } from '../enrich/watch.js';

const SEARCH = { filters: { seniority: ['C-Suite'], departments: ['Engineering'] }, limit: 5 };
const LIST_NAME = 'Demo: engineering leaders';

/**
 * A tour of the tool on the embedded sandbox: nothing to sign up for; the credits it spends are the sandbox's.
 * Each step prints the command that does the same thing on its own.
 */
export const command = defineCommand({
  description:
    'Start (or reuse) the local sandbox and walk through what the tool does, on the demo organization. ' +
    'Every step shows the command to run it yourself.',
  examples: ['prospect demo', 'prospect demo --json'],
  related: ['prospect sandbox status', 'prospect --sandbox whoami'],
  async run(_opts, ctx) {
    const target = await ctx.sandbox();
    const client = await ctx.client({ token: target.demoKey, baseUrl: target.url });
    const step = (n: number, title: string, cmd: string) => ctx.out.info(`\n${n}. ${title}    $ ${cmd}`);

    ctx.out.info(`Prospect demo on the local sandbox at ${target.url}${target.started ? ' (just started)' : ''}`);
    const identity = await getIdentity(client, { signal: ctx.signal });
    const balance = await getBalance(client, { signal: ctx.signal });
    const people = await searchPeople(client, SEARCH, { signal: ctx.signal });
    // Creating reuses the list of the same name, so running the demo again adds nothing twice.
    const list = await createList(client, { name: LIST_NAME, description: 'Saved by prospect demo' }, { signal: ctx.signal });
    const saved = await addLeads(client, list.list_id, { task_id: people.task_id ?? '' }, { signal: ctx.signal });
    const leads = await listLeads(client, list.list_id, { limit: 5 }, { signal: ctx.signal });
    // Enrichment: the estimate is derived from the run request, so the quote always matches it.
    const run = { list_id: list.list_id, scope: 'partial' as const };
    const quote = await estimate(client, estimateBodyFor({ tool: 'enrich_list', body: run }), { signal: ctx.signal });
    const started = await enrichBulk(client, { ...run, quote_id: quote.quote_id ?? '' }, { signal: ctx.signal, sleep: ctx.clock.sleep });
    const enriched = await withProgress(ctx, 'Enriching the demo list', `The run keeps going: prospect --sandbox enrich status ${started.workflow_id} --wait`, () =>
      waitForEnrichment(client, started.workflow_id, pollOptions(ctx)),
    );
    const after = await listLeads(client, list.list_id, { limit: 5 }, { signal: ctx.signal });
    if (ctx.out.format === 'json') {
      await ctx.out.print({ kind: 'object', payload: { sandbox_url: target.url, identity, balance, search: people, list, saved, leads, quote, enrichment: enriched, enriched_leads: after } });
      return;
    }
    step(1, 'Who the key belongs to', 'prospect --sandbox whoami');
    await ctx.out.print({ kind: 'object', payload: identity, fields: IDENTITY_FIELDS });
    step(2, "The organization's credits", 'prospect --sandbox credits balance');
    await ctx.out.print({ kind: 'object', payload: balance, fields: BALANCE_FIELDS });
    step(3, 'Engineering leaders, searched for free', 'prospect --sandbox search people --seniority C-Suite --department Engineering --limit 5');
    await ctx.out.print({ kind: 'rows', payload: people, rows: people.results, columns: PERSON_TABLE_COLUMNS });
    ctx.out.info(`${people.results.length} of ${people.total} people; add --all to stream them all, --json for the payload.`);
    step(4, 'Saved to a lead list (free)', `prospect --sandbox search people --seniority C-Suite --department Engineering --limit 5 --save-to "${LIST_NAME}" --create`);
    ctx.out.info(
      `${saved.added} added, ${saved.skipped_duplicates} already in the list${list.reused ? ' (an earlier demo made it)' : ''}; ${saved.created ?? 0} new lead records. Email and phone stay empty until enrichment.`,
    );
    step(5, 'The leads of the list', `prospect --sandbox lists leads "${LIST_NAME}"`);
    await ctx.out.print({ kind: 'rows', payload: leads, rows: leads.leads, columns: LEAD_TABLE_COLUMNS });
    step(6, 'What enriching the list would cost (free, a quote valid 5 minutes)', `prospect --sandbox credits estimate --tool enrich_list --list "${LIST_NAME}"`);
    await ctx.out.print({ kind: 'object', payload: quote, fields: QUOTE_FIELDS });
    step(7, 'Enriched with verified emails, paying only for what is found', `prospect --sandbox enrich list "${LIST_NAME}" --max-cost ${quote.estimated_cost}`);
    await ctx.out.print({ kind: 'object', payload: enriched, fields: STATUS_FIELDS });
    ctx.out.info(`${settlementLine(enriched)} On your own account the command shows the estimate and asks before spending.`);
    await ctx.out.print({ kind: 'rows', payload: after, rows: after.leads, columns: LEAD_TABLE_COLUMNS });
    ctx.out.info(
      '\nNext: `prospect --sandbox import LIST FILE.csv` to load your own leads, `prospect --sandbox search companies similar DOMAIN`, `prospect --sandbox api GET /whoami` for raw requests, `prospect sandbox status` to see the sandbox, `prospect sandbox stop` to end it.',
    );
  },
});
