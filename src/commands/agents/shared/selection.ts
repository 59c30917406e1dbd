import { isApiError } from '../../../api/errors.js';
import { estimateBodyFor } from '../../../api/quote-shape.js';
import type { SmartAgentRunBody } from '../../../api/schemas/agents.js';
import { AGENT_LIMITS } from '../../../api/schemas/values/agents.js';
import { shellWord } from '../../../cli/command-line.js';
import type { Context } from '../../../cli/context.js';
import { usageError } from '../../../cli/errors.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';

/**
 * Which leads of a list a smart-agent run selects, said before anyone pays: how many the
 * default subset (the first --max-rows) leaves out, and that a run with nothing left to do
 * (every lead already holds a value in the column) is done rather than an error.
 */

type RunRequest = Omit<SmartAgentRunBody, 'quote_id'>;

const MAX = AGENT_LIMITS.maxLeads;

/** Thrown from the quote check when the run selects no lead; the command answers it with `nothingLeft`. */
export class NothingSelected extends Error {}

/**
 * How many leads a run over the whole list would select (those without a value in the
 * column, or every lead with overwrite): the row count of a free quote for lead_scope all.
 * undefined when the service will not price that selection (it then says why at the real estimate).
 */
export async function leadsLeft(ctx: Context, body: RunRequest): Promise<number | undefined> {
  const { max_rows: _rows, ...rest } = body;
  try {
    return (await ctx.api.credits.estimate(estimateBodyFor({ tool: 'run_smart_agent', body: { ...rest, lead_scope: 'all' } }))).row_count;
  } catch (e) {
    // A 400 here (cold_intro_email over leads past the subset without an email, a selection
    // the service refuses to price) is not this run's problem: the note is left out.
    if (isApiError(e) && e.status === 400) return undefined;
    throw e;
  }
}

/** When a subset run leaves leads out: how many, and which flags cover them (the 500-lead rule included). */
export function coverageNote(selected: number, left: number, column: string, overwrite: boolean): string | undefined {
  if (left <= selected) return undefined;
  const of = overwrite ? `of the list's ${counted(left, 'lead')}` : `of the ${counted(left, 'lead')} without a value in column "${column}"`;
  const covers = `This run covers ${n(selected)} ${of}`;
  if (left <= MAX) return `${covers}; --max-rows ${left} or --scope all covers them all.`;
  const again = overwrite ? 'run again without --overwrite' : 'run again';
  const most = selected < MAX ? ` --max-rows ${MAX} covers the most one run may.` : '';
  return `${covers}. A run takes at most ${counted(MAX, 'lead')} (the service refuses more), so the rest need more runs: ${again} once this one ends and the leads done are skipped.${most}`;
}

/** What `agents run --json` prints when no run was started because every lead already holds a value. */
export interface NothingLeft {
  status: 'nothing_left';
  list_id: string;
  column_name: string;
  agent_type: string;
  leads: number;
}

/**
 * Nothing selected: exit 0 when every lead already holds a value, exit 2 when the list is empty.
 * stdout still answers a script: json and ndjson print a `nothing_left` object (valid JSON,
 * never an empty stdout); in other formats stdout stays empty (no run id), and with --no-wait
 * stderr says so, since `ID=$(... --no-wait)` comes back empty.
 */
export async function nothingLeft(
  ctx: Context,
  run: { list_id: string; listArg: string; column: string; agent_type: string },
): Promise<void> {
  const { list_id, listArg, column } = run;
  const list = await ctx.api.lists.get(list_id);
  if (list.lead_count === 0)
    throw usageError(
      `list "${listArg}" is empty: there is no lead to run the agent over`,
      `Add leads to it first: the rows of a people search with --save-to ${shellWord(listArg)}, or a CSV file with the import command. Nothing was spent.`,
    );
  if (ctx.out.format === 'json' || ctx.out.format === 'ndjson') {
    const answer: NothingLeft = {
      status: 'nothing_left',
      list_id,
      column_name: column,
      agent_type: run.agent_type,
      leads: list.lead_count,
    };
    await ctx.out.print({ kind: 'object', payload: { ...answer } });
  }
  ctx.out.success(
    `Nothing left to do: all ${counted(list.lead_count, 'lead')} of list "${listArg}" already hold a value in column "${column}". Nothing was spent; --overwrite runs the agent over them again.`,
  );
  if (!ctx.globals.wait && ctx.out.format !== 'json' && ctx.out.format !== 'ndjson')
    ctx.out.info('No run was started, so there is no run id: stdout is empty.');
}
