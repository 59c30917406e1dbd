import { defineCommand } from '../../cli/command.js';
import { getIdentity } from '../../api/resources/whoami.js';
import { getBalance } from '../../api/resources/credits.js';
import { BALANCE_FIELDS, IDENTITY_FIELDS } from '../../api/fields.js';
import { searchPeople } from '../../api/resources/search.js';
import { PERSON_TABLE_COLUMNS } from '../search/run-search.js';
import { addLeads, createList, listLeads } from '../../api/resources/lists.js';
import { LEAD_TABLE_COLUMNS } from '../lists/lead-columns.js';

const SEARCH = { filters: { seniority: ['C-Suite'], departments: ['Engineering'] }, limit: 5 };
const LIST_NAME = 'Demo: engineering leaders';

/**
 * A tour of the tool on the embedded sandbox: nothing to sign up for, no credits spent.
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
    if (ctx.out.format === 'json') {
      await ctx.out.print({ kind: 'object', payload: { sandbox_url: target.url, identity, balance, search: people, list, saved, leads } });
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
    ctx.out.info(
      '\nNext: `prospect --sandbox import LIST FILE.csv` to load your own leads, `prospect --sandbox search companies similar DOMAIN`, `prospect --sandbox api GET /whoami` for raw requests, `prospect sandbox status` to see the sandbox, `prospect sandbox stop` to end it.',
    );
  },
});
