import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { estimate } from '../api/resources/credits.js';
import { isApiError } from '../api/errors.js';
import type { Quote } from '../api/schemas/credits.js';
import type { Args, PaidRun, ToolEnv, ToolSpec } from './tool.js';
import { argError } from './args.js';
import { canonical, type PricedCall, type SpendGate } from './spend.js';
import { errorResult, hintsAsTools, okResult, serviceNotes, summaryOf } from './result.js';

/**
 * A paid tool's call: priced first (nothing spent), run only with a quote this session priced
 * for the same arguments, and only when the cost fits the session's budget or the person
 * approves it. A run whose answer was lost is sent again with the same quote, which reads back
 * the run it paid for instead of paying twice (the api layer's sendPaid).
 */

export interface PaidCallInput {
  spec: ToolSpec;
  args: Args;
  env: ToolEnv;
  gate: SpendGate;
  server: Server;
  structured: boolean;
  names: ReadonlySet<string>;
}

type Status = 'priced' | 'ran' | 'declined';

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

export async function paidCall(input: PaidCallInput): Promise<CallToolResult> {
  const { spec, args, env, gate } = input;
  const run = await spec.paid!(args, env);
  if (run.free) return result(input, 'ran', null, await run.send(undefined), [`${spec.name}: ran (free: nothing to price).`]);
  const { quote_id: quoteId, fields: _f, ...priced } = args;
  const fingerprint = canonical({ args: priced, bound: run.fingerprint ?? null });

  if (quoteId === undefined) {
    const quote = await estimate(env.client, run.estimate, { signal: env.signal });
    const call = gate.priced(quote, spec.name, fingerprint);
    if (!quote.sufficient)
      return result(input, 'priced', quote, undefined, [
        `${spec.name}: would cost up to ${credits(quote.estimated_cost)}; the balance is ${credits(quote.available_credits)}, which does not cover it. Nothing was spent.`,
      ], run.preview);
    if (canAsk(input)) return (await asked(input, call, run)) ?? result(input, 'declined', quote, undefined, [`${spec.name}: the person declined up to ${credits(quote.estimated_cost)}. Nothing was spent.`], run.preview);
    return result(input, 'priced', quote, undefined, pricedLines(spec.name, quote, gate), run.preview);
  }

  if (typeof quoteId !== 'string' || quoteId === '') throw argError('quote_id', `${JSON.stringify(quoteId)} is not a quote id`, `Call ${spec.name} without quote_id to get one.`);
  const found = gate.find(quoteId, spec.name, fingerprint, spec.entry.paid?.tools ?? []);
  if (!('quote' in found))
    return errorResult(
      { code: found.code, problem: `${found.problem}; nothing was spent`, fix: `Call ${spec.name} without quote_id, with the arguments to run, for a fresh quote.`, retryable: false },
      input.names,
    );
  if (found.answer !== undefined)
    return result(input, 'ran', found.quote, found.answer, [`${spec.name}: already ran with this quote; this is its answer. Nothing more was spent.`]);
  if (found.approvedBy) return execute(input, found, run, found.approvedBy);
  if (gate.fitsBudget(found)) return execute(input, found, run, 'budget');
  if (canAsk(input)) return (await asked(input, found, run)) ?? result(input, 'declined', found.quote, undefined, [`${spec.name}: the person declined. Nothing was spent.`]);
  const s = gate.session();
  return errorResult(
    {
      code: 'over_session_budget',
      problem: `${spec.name} would spend up to ${credits(found.quote.estimated_cost)} and this session may spend ${credits(s.budget_left)} more without the person's approval (--max-credits ${s.max_credits}); nothing was spent`,
      fix: 'This client cannot ask the person to approve a cost. The person can allow more by starting the server with a higher --max-credits (prospect mcp config --client ... --max-credits N).',
      retryable: false,
    },
    input.names,
  );
}

function pricedLines(tool: string, q: Quote, gate: SpendGate): string[] {
  const expires = q.expires_at !== null ? ` (the quote expires at ${new Date(q.expires_at * 1000).toISOString()})` : '';
  const s = gate.session();
  return [
    `${tool}: priced at up to ${credits(q.estimated_cost)} for ${q.row_count} row${q.row_count === 1 ? '' : 's'}; the balance is ${credits(q.available_credits)}. Nothing was spent.`,
    `To run it: tell the person the cost, then call ${tool} again with the same arguments and quote_id "${q.quote_id}"${expires}.`,
    `This session may spend ${credits(s.budget_left)} more without the person's approval (--max-credits ${s.max_credits}).`,
  ];
}

/** Whether the client can ask the person (MCP elicitation). */
function canAsk(input: PaidCallInput): boolean {
  return input.server.getClientCapabilities()?.elicitation?.form !== undefined;
}

/** Asks the person to approve the quote's cost; runs it on approval, undefined when declined. */
async function asked(input: PaidCallInput, call: PricedCall, run: PaidRun): Promise<CallToolResult | undefined> {
  const q = call.quote;
  const answer = await input.server.elicitInput(
    {
      mode: 'form',
      message:
        `${input.spec.title} (${input.spec.name}): spend up to ${credits(q.estimated_cost)} for ${q.row_count} row${q.row_count === 1 ? '' : 's'}? ` +
        `The balance is ${credits(q.available_credits)}. Accept to run it once; decline and nothing is spent.`,
      requestedSchema: { type: 'object', properties: {} },
    },
    { signal: input.env.signal },
  );
  if (answer.action !== 'accept') return undefined;
  return execute(input, call, run, 'person');
}

async function execute(input: PaidCallInput, call: PricedCall, run: PaidRun, by: 'budget' | 'person'): Promise<CallToolResult> {
  input.gate.commit(call, by);
  let data: unknown;
  try {
    data = await run.send(call.quote.quote_id ?? undefined);
  } catch (e) {
    // An answer that never said what happened may have started the run: it stays counted.
    if (isApiError(e) && e.code === 'dispatch_outcome_unknown') call.sent = true;
    else input.gate.refund(call);
    throw e;
  }
  call.sent = true;
  call.answer = data;
  const how = by === 'person' ? 'approved by the person' : 'within the session budget';
  return result(input, 'ran', call.quote, data, [`${input.spec.name}: ran, ${how}, for up to ${credits(call.quote.estimated_cost)}.`]);
}

function result(input: PaidCallInput, status: Status, quote: Quote | null, data: unknown, lines: string[], preview?: unknown): CallToolResult {
  const s = input.gate.session();
  const spend = `Session: spent up to ${credits(s.spent_up_to)} (${credits(s.approved_by_person)} approved by the person); ${credits(s.budget_left)} of --max-credits ${s.max_credits} left.`;
  const said = <T>(v: T) => hintsAsTools(v, input.names);
  const out: Record<string, unknown> = { status, quote: said(quote), spend: s, ...(preview !== undefined ? { preview: said(preview) } : {}), ...(data !== undefined ? { result: said(data) } : {}) };
  const more = data !== undefined ? [...summaryOf(input.spec.name, data, input.spec.rows).slice(1), ...serviceNotes(data, input.names)] : quote ? serviceNotes(quote, input.names) : [];
  return okResult([...lines, spend, ...more], out, input.structured);
}
