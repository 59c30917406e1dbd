import path from 'node:path';
import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { apiOf, type Api } from '../../api/api.js';
import { estimateBodyFor, type PaidRun } from '../../api/quote-shape.js';
import { pollOptions, withProgress } from '../../cli/wait.js';
import { dataDir } from '../../local/paths.js';
import { settlementLine } from '../../cli/cmdutil/enrich-watch.js';
import { nextCommand } from '../../cli/command-line.js';
import { counted, formatCount } from '../../cli/output/numbers.js';
import { downloadToFile, refuseOverwrite } from '../../cli/cmdutil/output-file.js';
import { writeExclusiveSync } from '../../local/exclusive-file.js';
import { SAMPLE_CSV, SAMPLE_CSV_NAME, SAMPLE_MAPPING } from './shared/sample.js';

const SEARCH = { filters: { seniority: ['C-Suite'], departments: ['Engineering'] }, limit: 5 };
const LIST_NAME = 'Demo: engineering leaders';
const AGENT_COLUMN = 'normalized_title';
/** Columns that fit an 80-column terminal. */
const DEMO_PERSON_COLUMNS = ['full_name', 'title', 'company'];
const DEMO_LEAD_COLUMNS = ['full_name', 'email', 'phone'];

const EXPORT_NAME = 'engineering-leaders.csv';

/** Estimates a paid run from its own request (so the quote matches), then runs it with the quote. */
async function quoted<R>(api: Api, run: PaidRun, send: (quoteId: string) => Promise<R>) {
  const quote = await api.credits.estimate(estimateBodyFor(run));
  return { quote, result: await send(quote.quote_id ?? '') };
}

/**
 * A tour of the tool on the embedded sandbox: nothing to sign up for, and the credits it
 * spends are the sandbox's. Each step is one line of explanation and the command that does
 * the same on its own; the tour ends with the path of the CSV it exported.
 */
export const command = defineCommand({
  description:
    'Start (or reuse) the local sandbox and walk through what the tool does on the demo organization: search, ' +
    'save to a list, import a CSV, estimate and enrich, run a smart agent, sync to a CRM and export, each step ' +
    "explained in one line with the command that does it on its own. Ends with the exported file's path.",
  flags: [
    {
      flags: '--dir <dir>',
      description: `where to write the sample CSV (${SAMPLE_CSV_NAME}) and the export (${EXPORT_NAME})`,
      defaultDescription: 'DATA_DIR/demo',
    },
    { flags: '--force', description: 'replace those files when --dir already holds them' },
  ],
  examples: ['prospect demo', 'prospect demo --dir ~/prospect-demo', 'prospect demo --json | jq .export'],
  related: ['prospect sandbox status', 'prospect --sandbox whoami'],
  async run(opts, ctx) {
    const fs = await import('node:fs/promises');
    const dir = path.resolve(opts.dir ?? path.join(dataDir(ctx.env), 'demo'));
    const csvFile = path.join(dir, SAMPLE_CSV_NAME);
    const exportFile = path.join(dir, EXPORT_NAME);
    // The demo's own folder is its to rewrite; a folder you name keeps its files unless --force.
    if (opts.dir !== undefined) {
      const existing = await fs.stat(dir).catch(() => undefined);
      if (existing && !existing.isDirectory())
        throw usageError(`--dir ${dir} is not a folder`, 'Choose a folder; one that does not exist yet is created.');
      for (const f of [csvFile, exportFile])
        await refuseOverwrite(f, opts.force, 'Pass --force to replace it, or choose another folder with --dir.');
    }
    const target = await ctx.sandbox();
    const api = apiOf(await ctx.client({ token: target.demoKey, baseUrl: target.url }), ctx.signal);
    const json = ctx.out.format === 'json';
    await fs.mkdir(dir, { recursive: true });
    const payloads: Record<string, unknown> = { sandbox_url: target.url };
    let n = 0;
    /**
     * One step: its explanation and the command that does it alone on stderr (on one line when
     * it fits the terminal), then what it shows (nothing in --json: all payloads print at the end).
     */
    const step = async (key: string, title: string, cmd: string, payload: unknown, show?: () => Promise<void> | void) => {
      payloads[key] = payload;
      if (json) return;
      const head = `${++n}. ${title}`;
      ctx.out.info(head.length + cmd.length + 6 <= ctx.io.columns ? `${head}    $ ${cmd}` : `${head}\n   $ ${cmd}`);
      await show?.();
    };
    /** The command of a step, on the sandbox as the demo runs it, quoted for the shell. */
    const sb = (...words: string[]) => nextCommand({ globals: { sandbox: true, profile: undefined, baseUrl: undefined } }, words);
    const at = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleTimeString('en-GB', { hour12: false });

    ctx.out.info(`Prospect demo on the local sandbox at ${target.url}${target.started ? ' (just started)' : ''}\n`);
    const identity = await api.identity.whoami();
    await step('identity', 'Who the key belongs to', sb('whoami'), identity, () =>
      ctx.out.info(
        `${identity.user_name} (${identity.user_email}) of ${identity.organization_name}, ${identity.tier} tier, ${identity.scopes.length} scopes.`,
      ),
    );
    const balance = await api.credits.balance();
    await step('balance', "The organization's credits, shared by every key", sb('credits', 'balance'), balance, () =>
      ctx.out.info(`${counted(balance.credits, 'credit')}.`),
    );

    const people = await api.people.search(SEARCH);
    const searchWords = ['search', 'people', '--seniority', 'C-Suite', '--department', 'Engineering', '--limit', '5'];
    await step('search', 'Engineering leaders, searched for free (no email or phone yet)', sb(...searchWords), people, async () => {
      await ctx.out.print({ kind: 'rows', payload: people, rows: people.results, columns: DEMO_PERSON_COLUMNS });
      ctx.out.info(`${people.results.length} of ${counted(people.total, 'person', 'people')}; --all streams them all.`);
    });

    // Creating reuses the list of the same name, so running the demo again adds nothing twice.
    const list = await api.lists.create({ name: LIST_NAME, description: 'Saved by prospect demo' });
    const saved = await api.lists.addLeads(list.list_id, { task_id: people.task_id ?? '' });
    payloads.list = list;
    await step('saved', 'Saved to a lead list (free)', sb(...searchWords, '--save-to', LIST_NAME, '--create'), saved, () =>
      ctx.out.info(
        `${formatCount(saved.added)} added, ${formatCount(saved.skipped_duplicates)} already in the list${list.reused ? ' (an earlier demo made it)' : ''}.`,
      ),
    );

    writeExclusiveSync(csvFile, SAMPLE_CSV, 0o644);
    const imported = await api.lists.sendImportCsv(list.list_id, {
      csv_content_base64: Buffer.from(SAMPLE_CSV).toString('base64'),
      column_mapping: { ...SAMPLE_MAPPING },
      dispatch_enrichment: false,
    });
    await step(
      'import',
      'Three people imported from a CSV, its headers matched to fields (free)',
      sb('import', LIST_NAME, csvFile),
      imported,
      () =>
        ctx.out.info(
          `${imported.rows_imported} imported, ${imported.rows_skipped} skipped${
            imported.rows_skipped
              ? ` (${Object.entries(imported.skip_reasons ?? {})
                  .map(([why, k]) => `${k} ${why}`)
                  .join(', ')})`
              : ''
          }.`,
        ),
    );

    // Enrichment: estimate (a quote valid 5 minutes), then the run paying only for what is found.
    const enrichRun = { list_id: list.list_id, scope: 'partial' as const };
    const enrichment = await quoted(api, { tool: 'enrich_list', body: enrichRun }, (quote_id) =>
      api.enrichment.sendBulk({ ...enrichRun, quote_id }, { sleep: ctx.clock.sleep }),
    );
    const q = enrichment.quote;
    await step(
      'quote',
      'What enriching the list costs at most (free)',
      sb('credits', 'estimate', '--tool', 'enrich_list', '--list', LIST_NAME),
      q,
      () =>
        ctx.out.info(
          `Up to ${counted(q.estimated_cost, 'credit')} for ${counted(q.row_count, 'lead')}; the quote works once, until ${at(q.expires_at ?? 0)}.`,
        ),
    );
    const enriched = await withProgress(
      ctx,
      'Enriching the demo list',
      `The run keeps going: ${sb('enrich', 'status', enrichment.result.workflow_id, '--wait')}`,
      () => api.enrichment.waitFor(enrichment.result.workflow_id, pollOptions(ctx)),
    );
    await step(
      'enrichment',
      'Enriched with verified emails, paying only for what was found',
      sb('enrich', 'list', LIST_NAME, '--max-cost', String(q.estimated_cost)),
      enriched,
      () => ctx.out.info(`${formatCount(enriched.completed)} of ${formatCount(enriched.total)} found. ${settlementLine(enriched)}`),
    );
    const leads = await api.lists.leads(list.list_id, { limit: 20 });
    const found = leads.leads.filter((l) => l.email || l.phone);
    await step(
      'leads',
      'The verified emails and phones found',
      sb('lists', 'leads', LIST_NAME, '--fields', DEMO_LEAD_COLUMNS.join(',')),
      leads,
      () => ctx.out.print({ kind: 'rows', payload: leads, rows: found, columns: DEMO_LEAD_COLUMNS }),
    );

    // A smart agent: one instruction per lead, its output written to a list column. Leads that hold a value
    // are skipped, so a second demo finds nothing left to do and spends nothing.
    const agentRun = {
      list_id: list.list_id,
      agent_type: 'title_normalizer' as const,
      column_name: AGENT_COLUMN,
      lead_scope: 'all' as const,
    };
    const agentCmd = sb('agents', 'run', LIST_NAME, '--type', 'title_normalizer', '--column', AGENT_COLUMN, '--scope', 'all');
    const agentTitle = `A smart agent normalized the job titles into column "${AGENT_COLUMN}"`;
    const agentQuote = await api.credits.estimate(estimateBodyFor({ tool: 'run_smart_agent', body: agentRun }));
    if (agentQuote.row_count === 0) {
      await step('agent', agentTitle, agentCmd, { quote: agentQuote, run: null, results: null }, () =>
        ctx.out.info(`Every lead already holds a value in "${AGENT_COLUMN}" (an earlier demo ran it); nothing to run, nothing spent.`),
      );
    } else {
      const started = await api.agents.sendRun({ ...agentRun, quote_id: agentQuote.quote_id ?? '' }, { sleep: ctx.clock.sleep });
      const agentId = started.smart_agent_task_id;
      const done = await withProgress(
        ctx,
        'Normalizing job titles',
        `The run keeps going: ${sb('agents', 'results', agentId, '--wait')}`,
        () => api.agents.waitFor(agentId, pollOptions(ctx)),
      );
      await step('agent', agentTitle, agentCmd, { quote: agentQuote, run: started, results: done }, () => {
        const titleOf = new Map(leads.leads.map((l) => [l.lead_id, l.title]));
        const example = done.results.find((r) => r.value && titleOf.get(r.lead_id) && titleOf.get(r.lead_id) !== r.value);
        const shown = example ? `, e.g. "${titleOf.get(example.lead_id)}" -> "${example.value}"` : '';
        ctx.out.info(`${done.succeeded} of ${done.total} titles done for ${counted(agentQuote.estimated_cost, 'credit')}${shown}.`);
      });
    }

    // Sync: the preview shows what would be pushed and skipped; approved goes only with the sync itself.
    const syncBody = { provider: 'crm_one' as const, list_id: list.list_id };
    const preview = await api.sync.preview(syncBody);
    const sync = await quoted(api, { tool: 'sync_to_crm', body: syncBody }, (quote_id) =>
      api.sync.sendCrm({ ...syncBody, quote_id, approved: true }, { sleep: ctx.clock.sleep }),
    );
    const pushed = sync.result;
    await step(
      'sync',
      'Pushed to a connected CRM (0.2 credit a lead, rounded up)',
      sb('sync', 'crm', LIST_NAME, '--provider', 'crm_one'),
      { preview, result: pushed },
      () =>
        ctx.out.info(
          `${pushed.successful} pushed, ${pushed.skipped} skipped (no email), ${pushed.failed} failed; ${counted(pushed.credits_charged, 'credit')}.`,
        ),
    );

    // Export: a signed link that needs no credentials, downloaded into a file renamed into place when complete.
    const link = await api.exports.csvLink({ list_id: list.list_id });
    await downloadToFile(api, exportFile, link, true);
    payloads.export = { path: exportFile, ...link };
    if (json) {
      await ctx.out.print({ kind: 'object', payload: payloads });
      return;
    }
    await step(
      'export',
      `Exported as CSV through a signed link (free): ${counted(link.row_count, 'row')}`,
      sb('export', 'csv', LIST_NAME, '-o', exportFile),
      payloads.export,
    );
    ctx.out.info(
      `\nNext: ${sb('import', '--help')} shows how to bring your own leads; prospect sandbox stop ends the sandbox.` +
        '\nThe exported file:',
    );
    ctx.io.stdout.write(`${exportFile}\n`);
  },
});
