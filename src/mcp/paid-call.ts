import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { estimate } from '../api/resources/credits.js';
import { isApiError } from '../api/errors.js';
import type { Quote } from '../api/schemas/credits.js';
import type { Args, PaidRun, ToolEnv, ToolSpec } from './tool.js';
import { argError } from './args.js';
import { errorOf, ToolFailure } from './errors.js';
import { canonical, type PricedCall, type SpendGate } from './spend.js';
import type { SentLog } from './sent-log.js';
import { errorResult, hintsAsTools, okResult, serviceNotes, summaryOf } from './result.js';

/**
 * A paid tool's call: priced first (nothing spent), run only with a quote this session priced
 * for the same arguments, and only when the cost fits the session's budget or the person
 * approves it. A quote is sent once: a call with it while it is on its way waits for that
 * answer, and one after gets the same answer. A run whose answer was lost is sent again with
 * the same quote, which reads back the run it paid for (the api layer's sendPaid).
 */

export interface PaidCallInput {
  /** Where each paid request is written down before it goes out (sent-log.ts). */
  log: SentLog | undefined;
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
const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

/** Errors the service answers before doing anything: the quote was not used, so the run is not counted. */
const NOT_DONE = (e: unknown): boolean => isApiError(e) && e.code !== 'dispatch_outcome_unknown' && e.code !== 'quote_already_redeemed';

export async function paidCall(input: PaidCallInput): Promise<CallToolResult> {
  try {
    return await decide(input);
  } catch (e) {
    return errorResult(errorOf(e), input.names, [sessionLine(input.gate)]);
  }
}

async function decide(input: PaidCallInput): Promise<CallToolResult> {
  const { spec, args, env, gate } = input;
  const run = await spec.paid!(args, env);
  if (run.free) return result(input, 'ran', null, await run.send(undefined), [`${spec.name}: ran (free: nothing to price).`]);
  const { quote_id: quoteId, fields: _f, pay_again: payAgain, ...priced } = args;
  const fingerprint = canonical({ args: priced, bound: run.fingerprint ?? null });

  // The same request, sent by an earlier server whose answer was lost: resolved through its own quote, not paid again.
  const earlier = quoteId === undefined ? gate.unansweredFor(spec.name, fingerprint) : undefined;
  if (earlier && payAgain === true) {
    gate.forget(earlier);
    input.log?.settled(earlier.quote.quote_id ?? '');
  } else if (earlier) return execute(input, earlier, run, 'earlier', fingerprint);

  if (quoteId === undefined) {
    const quote = await estimate(env.client, run.estimate, { signal: env.signal });
    const call = gate.priced(quote, spec.name, fingerprint);
    if (!quote.sufficient)
      return result(
        input,
        'priced',
        quote,
        undefined,
        [`${spec.name}: would cost up to ${credits(quote.estimated_cost)}; the balance is ${credits(quote.available_credits)}, which does not cover it. Nothing was spent.`],
        run.preview,
      );
    // A client that can ask: the person decides on this first call, whatever the budget.
    if (canAsk(input)) return askThenRun(input, call, run, fingerprint);
    return result(input, 'priced', quote, undefined, pricedLines(spec.name, quote, gate), run.preview);
  }

  if (typeof quoteId !== 'string' || quoteId === '') throw argError('quote_id', `${JSON.stringify(quoteId)} is not a quote id`, `Call ${spec.name} without quote_id to get one.`);
  const found = gate.find(quoteId, spec.name, fingerprint, spec.entry.paid?.tools ?? []);
  if (!('quote' in found))
    throw new ToolFailure({
      code: found.code,
      problem: `${found.problem}; nothing was spent`,
      fix: `Call ${spec.name} without quote_id, with the arguments to run, for a fresh quote.`,
      retryable: false,
    });
  if (found.answer !== undefined || found.running)
    return result(input, 'ran', found.quote, found.answer ?? (await found.running), [`${spec.name}: already ran with this quote; this is its answer. Nothing more was spent.`]);
  if (found.approvedBy) return execute(input, found, run, found.approvedBy, fingerprint);
  if (gate.fitsBudget(found)) return execute(input, found, run, 'budget', fingerprint);
  if (canAsk(input)) return askThenRun(input, found, run, fingerprint);
  const s = gate.session();
  throw new ToolFailure({
    code: 'over_session_budget',
    problem: `${spec.name} would spend up to ${credits(found.quote.estimated_cost)} and this session may spend ${credits(s.budget_left)} more without the person's approval (--max-credits ${s.max_credits}); nothing was spent`,
    fix: "This client cannot ask the person to approve a cost. The person can allow more by raising --max-credits in the client's settings for this server (see: prospect mcp config --help).",
    retryable: false,
  });
}

function pricedLines(tool: string, q: Quote, gate: SpendGate): string[] {
  const expires = q.expires_at !== null ? ` (the quote expires at ${new Date(q.expires_at * 1000).toISOString()})` : '';
  const s = gate.session();
  return [
    `${tool}: priced at up to ${credits(q.estimated_cost)} for ${rows(q.row_count)}; the balance is ${credits(q.available_credits)}. Nothing was spent.`,
    `To run it: tell the person the cost, then call ${tool} again with the same arguments and quote_id "${q.quote_id}"${expires}. ` +
      (q.estimated_cost <= s.budget_left
        ? `It fits in what this session may spend without asking (${credits(s.budget_left)} of --max-credits ${s.max_credits}).`
        : `It is over what this session may spend without asking (${credits(s.budget_left)} of --max-credits ${s.max_credits}): this client cannot ask the person, so it will not run.`),
  ];
}

/** Whether the client can ask the person (MCP elicitation, form mode). */
function canAsk(input: PaidCallInput): boolean {
  return input.server.getClientCapabilities()?.elicitation?.form !== undefined;
}

/** How long the person has to answer: until the quote expires (a later yes could not run it). */
const ASK_AT_MOST_MS = 10 * 60_000;

/** Asks the person to approve the quote's cost; runs it on approval. A quote declined never runs. */
async function askThenRun(input: PaidCallInput, call: PricedCall, run: PaidRun, fingerprint: string): Promise<CallToolResult> {
  const q = call.quote;
  const left = q.expires_at === null ? ASK_AT_MOST_MS : q.expires_at * 1000 - input.gate.now();
  const answer = await input.server.elicitInput(
    {
      mode: 'form',
      message:
        `${input.spec.title} (${input.spec.name}): spend up to ${credits(q.estimated_cost)} for ${rows(q.row_count)}? ` +
        `The balance is ${credits(q.available_credits)}. Accept to run it once; decline and nothing is spent.`,
      requestedSchema: { type: 'object', properties: {} },
    },
    { signal: input.env.signal, timeout: Math.max(1000, Math.min(ASK_AT_MOST_MS, left)) },
  );
  if (answer.action === 'accept') return execute(input, call, run, 'person', fingerprint);
  input.gate.decline(call);
  return result(input, 'declined', q, undefined, [`${input.spec.name}: the person declined up to ${credits(q.estimated_cost)}. Nothing was spent.`], run.preview);
}

async function execute(input: PaidCallInput, call: PricedCall, run: PaidRun, by: 'budget' | 'person' | 'earlier', fingerprint: string): Promise<CallToolResult> {
  input.gate.bind(call, input.spec.name, fingerprint);
  input.gate.commit(call, by);
  const sending = sendOnce(input, call, run);
  call.running = sending;
  let data: unknown;
  try {
    data = await sending;
  } catch (e) {
    // Not sent, or refused with nothing done: the quote may run later. Sent: its answer stays the one to wait for.
    if (!call.sent && call.running === sending) delete call.running;
    throw e;
  }
  const how =
    by === 'person'
      ? 'approved by the person'
      : by === 'budget'
        ? 'within the session budget'
        : 'as sent by an earlier server whose answer was lost (found through its quote, paid once)';
  return result(input, 'ran', call.quote, data, [`${input.spec.name}: ran, ${how}, for up to ${credits(call.quote.estimated_cost)}.`]);
}

/**
 * Sends the run with its quote, written down first (sent-log.ts). Only an answer of the service
 * that nothing was done takes the run back; any other end (a lost answer, a cancelled call, a
 * crash) may have started it, so it stays counted and written down, and the quote can only
 * read back what it paid for. A resend whose quote expired cannot tell whether the first ran.
 */
async function sendOnce(input: PaidCallInput, call: PricedCall, run: PaidRun): Promise<unknown> {
  const id = call.quote.quote_id ?? '';
  const resend = call.sent;
  if (!resend) writeDown(input, call);
  try {
    const data = await run.send(call.quote.quote_id ?? undefined);
    input.log?.settled(id);
    call.sent = true;
    call.answer = data;
    return data;
  } catch (e) {
    if (resend && isApiError(e) && e.is('quote_expired'))
      throw new ToolFailure({
        code: 'earlier_run_unknown',
        problem: `${input.spec.name} was sent with quote ${id} and got no answer before the quote expired, so whether it ran (and was charged) cannot be told; nothing was spent now`,
        fix: `Check run_status and credits_balance; if it did not run, call ${input.spec.name} again with pay_again: true for a new quote.`,
        retryable: false,
      });
    if (NOT_DONE(e)) {
      input.log?.settled(id);
      input.gate.refund(call);
    } else call.sent = true;
    throw e;
  }
}

/** Writes the request down before it goes out; when that fails it is not sent, and not counted. */
function writeDown(input: PaidCallInput, call: PricedCall): void {
  try {
    input.log?.sending({ quote: call.quote, tool: call.tool, fingerprint: call.fingerprint, sent_at: new Date(input.gate.now()).toISOString() });
  } catch (e) {
    input.gate.refund(call);
    throw new ToolFailure({
      code: 'paid_log_unwritable',
      problem: `the paid request could not be written down before sending (${e instanceof Error ? e.message : String(e)}); nothing was sent`,
      fix: 'Free disk space, or make the data folder writable (PROSPECT_DATA_DIR), then call again with the same quote_id.',
      retryable: true,
    });
  }
}

function sessionLine(gate: SpendGate): string {
  const s = gate.session();
  return `Session: spent up to ${credits(s.spent_up_to)} (${credits(s.approved_by_person)} approved by the person); ${credits(s.budget_left)} of --max-credits ${s.max_credits} left.`;
}

function result(input: PaidCallInput, status: Status, quote: Quote | null, data: unknown, lines: string[], preview?: unknown): CallToolResult {
  const said = <T>(v: T) => hintsAsTools(v, input.names);
  const out: Record<string, unknown> = {
    status,
    quote: said(quote),
    spend: input.gate.session(),
    ...(preview !== undefined ? { preview: said(preview) } : {}),
    ...(data !== undefined ? { result: said(data) } : {}),
  };
  const more = data !== undefined ? [...summaryOf(input.spec.name, data, input.spec.rows).slice(1), ...serviceNotes(data, input.names)] : quote ? serviceNotes(quote, input.names) : [];
  return okResult([...lines, sessionLine(input.gate), ...more], out, input.structured);
}
