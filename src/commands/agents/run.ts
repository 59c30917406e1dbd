import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import { CliError, usageError } from '../../cli/errors.js';
import { ExitCode } from '../../cli/exit-codes.js';
import { intInRange, oneOf } from '../../cli/parse.js';
import { readTextFile } from '../../cli/prompt.js';
import { PAY_AGAIN_FLAG, runPaid, hasUnansweredRun } from '../../cli/paid.js';
import type { Context } from '../../cli/context.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { Quote } from '../../api/schemas/credits.js';
import type { SmartAgentRunBody } from '../../api/schemas/agents.js';
import {
  AGENT_LIMITS,
  AGENT_PRICES,
  AGENT_TYPES,
  COLD_EMAIL_COLUMN,
  LEAD_SCOPES,
  agentColumn,
  columnNameProblem,
} from '../../api/schemas/values/agents.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { DRY_RUN_FLAG } from '../../cli/cmdutil/enrich-flags.js';
import { AGENT_STRICT_FLAG, reportAgentRun, watchAgentRun } from './shared/report.js';
import { NothingSelected, coverageNote, leadsLeft, nothingLeft } from './shared/selection.js';
import { failedBefore, failedBeforeNote } from './shared/failed-before.js';
import { guardRunGoing } from './shared/run-going.js';
import { counted } from '../../cli/output/numbers.js';
import { printHandle } from '../../cli/wait.js';

const MAX = AGENT_LIMITS.maxLeads;
const ROWS = AGENT_LIMITS.maxRows;
const prices = Object.entries(AGENT_PRICES)
  .map(([t, p]) => `${t} ${p}`)
  .join(', ');

const FLAGS = [
  { flags: '--type <type>', description: 'the agent', choices: AGENT_TYPES, parse: oneOf('--type', AGENT_TYPES), default: 'custom_ai' },
  {
    flags: '--column <name>',
    description: `the list column to write (up to ${AGENT_LIMITS.columnName.max} characters, not a lead field such as email or title; not for cold_intro_email)`,
    parse: columnName,
  },
  { flags: '--prompt <text>', description: 'the instruction for custom_ai' },
  { flags: '--prompt-file <file>', description: 'the instruction from a file (- for stdin), for long prompts' },
  {
    flags: '--template <template_id>',
    description: 'cold_intro_email: the email template',
    defaultDescription: 'the workspace\u2019s active default template',
  },
  {
    flags: '--scope <scope>',
    description: 'subset (the first --max-rows leads) or all',
    choices: LEAD_SCOPES,
    parse: oneOf('--scope', LEAD_SCOPES),
    defaultDescription: 'subset',
  },
  {
    flags: '--max-rows <n>',
    description: `with --scope subset: how many leads (${ROWS.min}-${ROWS.max})`,
    parse: intInRange('--max-rows', ROWS.min, ROWS.max),
    defaultDescription: String(ROWS.default),
  },
  { flags: '--overwrite', description: 'also run over leads that already hold a value in the column' },
  DRY_RUN_FLAG,
  PAY_AGAIN_FLAG,
  AGENT_STRICT_FLAG,
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

async function promptOf(opts: Options, ctx: Context): Promise<string | undefined> {
  if (opts.prompt !== undefined && opts.promptFile !== undefined) throw usageError('give --prompt or --prompt-file, not both');
  if (opts.promptFile === undefined) return opts.prompt;
  return (await readTextFile('--prompt-file', opts.promptFile, ctx.io.stdin)).trim();
}

/**
 * The run request from the flags, but its list; combinations the service would refuse (or
 * ignore) are caught here, before any request.
 */
async function runRequest(opts: Options, ctx: Context): Promise<Omit<SmartAgentRunBody, 'quote_id' | 'list_id'>> {
  const type = opts.type;
  const prompt = await promptOf(opts, ctx);
  const preset = type !== 'custom_ai';
  if (!preset && !prompt?.trim())
    throw usageError(
      'custom_ai needs an instruction',
      'Pass --prompt "..." or --prompt-file FILE, or choose a preset with --type (title_normalizer, company_intel, pain_point_hypothesis, cold_intro_email).',
    );
  if (preset && prompt !== undefined) ctx.out.warn(`${type} carries its own instruction; --prompt is ignored.`);
  const cold = type === 'cold_intro_email';
  if (!cold && !opts.column)
    throw usageError(`--type ${type} needs --column: the list column the output is written to`, 'For example --column "Clean title".');
  if (cold && opts.column) ctx.out.warn(`cold_intro_email writes to the built-in column ${COLD_EMAIL_COLUMN}; --column is ignored.`);
  if (opts.template !== undefined && !cold) throw usageError('--template is for --type cold_intro_email only');
  if (opts.maxRows !== undefined && opts.scope === 'all')
    throw usageError('--max-rows applies to --scope subset; --scope all takes every lead', 'Leave out one of the two.');
  return {
    agent_type: type,
    ...(!cold ? { column_name: opts.column } : {}),
    ...(!preset ? { prompt } : {}),
    ...(opts.template !== undefined ? { template_id: opts.template } : {}),
    ...(opts.scope ? { lead_scope: opts.scope } : {}),
    ...(opts.maxRows !== undefined ? { max_rows: opts.maxRows } : {}),
    ...(opts.overwrite ? { overwrite: true } : {}),
  };
}

/** Selections the service refuses, said before anyone approves the spend: none (NothingSelected), over 500 leads (exit 7). */
function checkSelection(q: Quote): void {
  if (q.row_count === 0) throw new NothingSelected();
  if (q.row_count <= MAX) return;
  throw new CliError({
    code: 'approval_required',
    exitCode: ExitCode.CONFLICT,
    message: `the run would select ${counted(q.row_count, 'lead')}; a smart-agent run takes at most ${MAX}`,
    fix: `Narrow it with --scope subset --max-rows ${MAX} (run again without --overwrite for the rest: leads already done are skipped). Nothing was spent.`,
  });
}

export const command = defineCommand({
  description:
    'Runs one AI instruction over each selected lead of a list and writes the output to a list column. ' +
    `Types: custom_ai (your --prompt; priced from its length), title_normalizer, company_intel, pain_point_hypothesis, cold_intro_email ` +
    `(drafts an email from a template into column ${COLD_EMAIL_COLUMN}; every selected lead needs an email). Credits per lead: ${prices}. ` +
    `Selects the first --max-rows leads (default ${ROWS.default}) or --scope all, skipping leads that already hold a value unless --overwrite; ` +
    `at most ${counted(MAX, 'lead')} per run; a run that leaves leads out says how many and which flag covers them. ` +
    "While a run on the same list and column is pending or processing, or another command's run request on it is on its way, another is refused " +
    'before anything is priced (exit 7), naming that run and `prospect agents results ID --wait` to follow it (--dry-run warns and still prints the quote); ' +
    'an identical run on its way is joined, not paid again; a run on another column is other work. ' +
    'When every lead already holds a value ' +
    'there is nothing left to do: it says so and exits 0, spending nothing and starting no run (with --json it prints ' +
    '{"status": "nothing_left", "list_id": ..., "column_name": ..., "agent_type": ..., "leads": N}; in other formats stdout stays empty, so ' +
    '`ID=$(... --no-wait)` is empty, and stderr says no run was started). Estimates first and asks before spending (scripts pass --yes or ' +
    '--max-cost N); credits are taken at start. Waits with progress and prints the results (leads that got no value: a warning, exit 8 with ' +
    '--strict). With the global --no-wait it prints only the run id on stdout (the whole response with --json), everything else on stderr: ' +
    '`ID=$(prospect agents run LIST ... --yes --no-wait)`, then `prospect agents results "$ID" --wait`.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: FLAGS,
  examples: [
    'prospect agents run "Q3 CTOs" --type title_normalizer --column "Clean title" --yes',
    'prospect agents run lst_... --prompt "Rate the fit with our ICP from 1 to 10" --column Fit --max-rows 50',
    'prospect agents run "Q3 CTOs" --type cold_intro_email --max-cost 300 --json',
    'cat prompt.txt | prospect agents run "Q3 CTOs" --prompt-file - --column Notes --scope all --no-wait --yes',
    'ID=$(prospect agents run "Q3 CTOs" --type company_intel --column Intel --yes --no-wait) && prospect agents results "$ID" --wait',
  ],
  related: ['prospect agents results', 'prospect agents ls', 'prospect credits estimate', 'prospect export csv'],
  async run(opts, ctx) {
    const request = await runRequest(opts, ctx);
    // Identical runs sent from now on, by this command or another at once, are joined, not paid again.
    const since = ctx.clock.now();
    const listArg = opts.args[0] ?? '';
    const { list_id } = await resolveList(ctx.api, listArg);
    const body = { list_id, ...request };
    const column = agentColumn(body)!;
    const nothing = { list_id, listArg, column, agent_type: opts.type };
    // A run still going on this list and column: refused before anything is priced (a dry run warns).
    const going = await guardRunGoing(ctx, body, { dryRun: Boolean(opts.dryRun), payAgain: Boolean(opts.payAgain), since });
    // A subset may leave leads out: a free quote over the whole list says how many, before anyone pays.
    const left = opts.scope === 'all' ? undefined : await leadsLeft(ctx, body);
    // Nothing left may be the work of an earlier run whose answer was lost: runPaid resolves that one first.
    if (left === 0 && !(await hasUnansweredRun(ctx, 'run_smart_agent'))) return nothingLeft(ctx, nothing);
    // Leads an earlier run of this agent failed on are charged again (free reads, said before paying).
    const overwrite = Boolean(opts.overwrite);
    const failed = await failedBefore(ctx, { list_id, agent_type: opts.type, column, overwrite });
    const check = (q: Quote) => {
      checkSelection(q);
      const note = left === undefined ? undefined : coverageNote(q.row_count, left, column, overwrite);
      if (note) ctx.out.info(note);
      const coversAll = opts.scope === 'all' || (left !== undefined && q.row_count >= left);
      const again = failed && failedBeforeNote(ctx, failed, { selected: q.row_count, coversAll, overwrite, listArg });
      if (again) ctx.out.warn(again);
    };
    let paid;
    try {
      paid = await runPaid(
        ctx,
        {
          estimate: estimateBodyFor({ tool: 'run_smart_agent', body }),
          what: `Running ${opts.type} over list "${listArg}"`,
          check,
          beforeSend: going.beforeWrite,
          lockKey: going.lockKey,
          run: (quote_id, journal) => ctx.api.agents.sendRun({ ...body, quote_id }, { sleep: ctx.clock.sleep, journal }),
        },
        { dryRun: opts.dryRun, since },
      );
    } catch (e) {
      if (e instanceof NothingSelected) return nothingLeft(ctx, nothing);
      throw e;
    }
    if (!paid) return;
    const started = paid.result;
    const id = started.smart_agent_task_id;
    ctx.out.info(
      `Started ${id}: ${counted(paid.quote.row_count, 'lead')}, ${counted(started.credits_reserved ?? started.estimated_cost, 'credit')} taken; output goes to column "${started.column_name}".`,
    );
    if (!ctx.globals.wait) {
      return printHandle(ctx, id, started, ['agents', 'results', id, '--wait'], 'Read the results with');
    }
    return reportAgentRun(ctx, await watchAgentRun(ctx, id), {
      credits: started.credits_reserved ?? started.estimated_cost,
      strict: opts.strict,
    });
  },
});

function columnName(raw: string): string {
  const name = raw.trim();
  const problem = columnNameProblem(name, '--column');
  if (problem) throw usageError(problem);
  return name;
}
