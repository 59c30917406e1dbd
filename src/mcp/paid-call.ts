import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isApiError } from '../api/errors.js';
import { LostResponseError } from '../api/paid-call.js';
import { ChargeAboveQuoteError, checkCharge, spendVerdict, type Verdict } from '../workflows/spend-verdict.js';
import { clockTime, type Recording } from '../workflows/journal/journal.js';
import { sendOnce } from '../workflows/journal/send-once.js';
import { resolveEntry, type ResolveEarlierOptions } from '../workflows/journal/resolve-earlier.js';
import type { JournalEntry } from '../workflows/journal/entry.js';
import type { Args, EarlierRequest, PaidJob, PaidPlan, PaidRun, ToolEnv, ToolSpec } from './tool.js';
import { argError } from './args.js';
import { errorOf, ToolFailure } from './errors.js';
import { JournalUnwritable } from './journal.js';
import { canonical } from '../workflows/journal/entry.js';
import { costOf, type EarlierPart, type PricedCall, type PricedPart, type SpendGate } from './spend.js';
import { errorResult, hintsAsTools, okResult, serviceNotes, summaryOf } from './result.js';

/**
 * A paid tool's call: priced first (nothing spent), run only with a quote this session priced
 * for the same arguments, and only on the one spend verdict (workflows/spend-verdict.ts): a
 * balance that covers it, and a cost within the session's budget or approved by the person. A
 * quote that does not make sense is refused before anything is kept or sent. A call may be a
 * job of several requests (enrich_list over more than 500 leads): priced together, decided once
 * on their sum, run by one quote_id, each request sent with its own quote. A quote is sent once:
 * a call with it while it is on its way waits for that answer, and one after gets the same
 * answer. Every request goes through the paid-run journal the server was given (the CLI's
 * files, for `prospect mcp`): an identical request another server, a command or another call
 * sent since this one was priced is joined, its answer taken and nothing paid again; a run
 * whose answer was lost is sent again with its own quote, which reads back the run it paid for,
 * by this server or, after a restart, by the next one (the same call finds it in the journal).
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

type Status = 'priced' | 'ran' | 'declined' | 'nothing_to_do';
type ApprovedBy = 'budget' | 'person' | 'earlier';

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
/** " in 3 runs" for a job of several requests. */
const inRuns = (call: PricedCall) => (call.parts.length > 1 ? ` in ${call.parts.length} runs` : '');

/**
 * Whether a send that failed may have started its run: its journal entry is still open (it went
 * out, no answer), or the answer was lost or its quote used. An entry the journal could not write
 * never went; an answer of the service that nothing was done, a check that refused it, or a join
 * that ended otherwise used nothing of this request's.
 */
function mayHaveRun(e: unknown, recording: Recording | undefined): boolean {
  if (e instanceof JournalUnwritable) return false;
  return (
    recording?.pending === true ||
    e instanceof LostResponseError ||
    (isApiError(e) && (e.is('dispatch_outcome_unknown') || e.is('quote_already_redeemed')))
  );
}

/** A resend whose quote expired: whether the first attempt ran cannot be told. */
const quoteExpired = (e: unknown): boolean =>
  (e instanceof LostResponseError && e.reason === 'quote_expired') || (isApiError(e) && e.is('quote_expired'));

export async function paidCall(input: PaidCallInput): Promise<CallToolResult> {
  try {
    return await decide(input);
  } catch (e) {
    return errorResult(errorOf(e), input.names, [sessionLine(input.gate)]);
  }
}

/** Every paid tool as a job: a tool of one request prices it (a free estimate) and sends it as its arguments say. */
function asJob(run: PaidRun | PaidJob, env: ToolEnv): PaidJob {
  if ('plan' in run) return run;
  return {
    tool: run.estimate.tool,
    ...(run.fingerprint !== undefined ? { fingerprint: run.fingerprint } : {}),
    ...(run.preview !== undefined ? { preview: run.preview } : {}),
    plan: async () => ({ requests: [{ quote: await env.api.credits.estimate(run.estimate, { signal: env.signal }), body: undefined }] }),
    send: (_body, quoteId, journal) => run.send(quoteId, journal),
  };
}

async function decide(input: PaidCallInput): Promise<CallToolResult> {
  const { spec, args, env, gate } = input;
  const paid = await spec.paid!(args, env);
  if (!('plan' in paid) && paid.free)
    return result(input, 'ran', null, await paid.send(undefined), [`${spec.name}: ran (free: nothing to price).`], undefined, paid.leftOut);
  const job = asJob(paid, env);
  const { quote_id: quoteId, fields: _f, pay_again: payAgain, ...priced } = args;
  const fingerprint = canonical({ args: priced, bound: job.fingerprint ?? null });

  // The same request, sent by an earlier server (or a command) whose answer was lost: resolved through its own quote, not paid again.
  if (quoteId === undefined)
    return (await resolveEarlier(input, job, fingerprint, payAgain === true)) ?? price(input, job, fingerprint, payAgain === true);

  if (typeof quoteId !== 'string' || quoteId === '')
    throw argError('quote_id', `${JSON.stringify(quoteId)} is not a quote id`, `Call ${spec.name} without quote_id to get one.`);
  const found = gate.find(quoteId, spec.name, fingerprint, spec.entry.paid?.tools ?? []);
  // A quote of an earlier server: its request, if it went out unanswered, is resolved through it.
  const earlier = !('quote' in found) && found.code === 'quote_unknown' ? await resolveEarlier(input, job, fingerprint, false) : undefined;
  if (earlier) return earlier;
  if (!('quote' in found))
    throw new ToolFailure({
      code: found.code,
      problem: `${found.problem}; nothing was spent`,
      fix: `Call ${spec.name} without quote_id, with the arguments to run, for a fresh quote.`,
      retryable: false,
    });
  if (found.answer !== undefined || found.running) {
    const data = found.answer ?? (await found.running);
    checkCharges(input, found);
    return result(input, 'ran', found, data, [`${spec.name}: already ran with this quote; this is its answer. Nothing more was spent.`]);
  }
  // A credits_estimate quote priced the request the arguments say: it runs only when that is exactly what this call would send.
  if (!found.sent && job.checkEstimated && found.parts.some((p) => p.body === undefined)) await job.checkEstimated();
  // Decided with no wait before the run is counted (execute), so two calls at once cannot both fit the same budget.
  const v = spendVerdict(found.quote, { allowed: gate.budgetLeft(), approved: found.approvedBy !== undefined });
  if (v.kind === 'go') return execute(input, found, job, found.approvedBy ?? 'budget', fingerprint);
  if (v.kind === 'short')
    throw new ToolFailure({
      code: 'insufficient_credits',
      problem: `${spec.name} would cost up to ${credits(v.cost)} and the balance was ${credits(v.available)} when it was priced, which does not cover it; nothing was spent`,
      fix: `Add credits (the plans page of the application) or ask for less, then call ${spec.name} without quote_id for a fresh quote.`,
      retryable: false,
    });
  if (canAsk(input)) return askThenRun(input, found, job, fingerprint);
  const s = gate.session();
  throw new ToolFailure({
    code: 'over_session_budget',
    problem: `${spec.name} would spend up to ${credits(v.cost)} and this session may spend ${credits(s.budget_left)} more without the person's approval (--max-credits ${s.max_credits}); nothing was spent`,
    fix: "This client cannot ask the person to approve a cost. The person can allow more by raising --max-credits in the client's settings for this server (see: prospect mcp config --help).",
    retryable: false,
  });
}

/**
 * Called without quote_id: what the call would do, priced (free), and kept for a call with its
 * quote_id; a client that can ask is asked now. A job that resolvesEarlier resolves its lost
 * requests as it plans: they are said (and kept, as resolveEarlier keeps them) with what is priced.
 */
async function price(input: PaidCallInput, job: PaidJob, fingerprint: string, payAgain = false): Promise<CallToolResult> {
  const { spec, gate } = input;
  // When the call began: an identical request answered while it planned (or the person decided) is joined, not sent again.
  const began = gate.now();
  const joined = new Set<string>();
  const plan = await job.plan({ ...resolving(input, payAgain), onInFlight: (e, waiting) => void (waiting && joined.add(e.id)) });
  const parts = (plan.earlier ?? []).map((r: EarlierRequest): EarlierPart => ({
    quote: r.quote,
    body: r.body,
    answer: r.answer,
    ...(joined.has(r.entry.id) ? { joined: r.entry } : {}),
  }));
  const earlier = parts.length ? await keptEarlier(input, job, fingerprint, parts) : undefined;
  if (plan.requests.length === 0) return earlier ? earlierRan(input, earlier, plan.leftOut) : nothingToDo(input, plan);
  // A quote that does not make sense is refused here (MalformedQuoteError): never kept, never counted.
  const call = gate.pricedJob(plan.requests, spec.name, fingerprint, plan.leftOut);
  call.pricedAt = began;
  const asking = canAsk(input);
  // A client that can ask: the person decides on this first call, whatever the budget.
  const v = spendVerdict(call.quote, asking ? {} : { allowed: gate.budgetLeft() });
  if (v.kind === 'short')
    return result(
      input,
      'priced',
      call,
      undefined,
      [
        `${spec.name}: would cost up to ${credits(v.cost)}${inRuns(call)}; the balance is ${credits(v.available)}, which does not cover it. Nothing was spent.`,
      ],
      job.preview,
      call.leftOut,
      earlier,
    );
  if (asking)
    return v.kind === 'go' ? execute(input, call, job, 'budget', fingerprint, earlier) : askThenRun(input, call, job, fingerprint, earlier);
  return result(input, 'priced', call, undefined, pricedLines(spec.name, call, gate, v), job.preview, call.leftOut, earlier);
}

function nothingToDo(input: PaidCallInput, plan: PaidPlan): CallToolResult {
  const why = plan.nothing ?? 'there is nothing to do';
  return result(
    input,
    'nothing_to_do',
    null,
    undefined,
    [`${input.spec.name}: ${why}. Nothing was priced or spent.`],
    undefined,
    plan.leftOut,
  );
}

function pricedLines(tool: string, call: PricedCall, gate: SpendGate, v: Verdict): string[] {
  const q = call.quote;
  const expires = q.expires_at !== null ? ` (the quote expires at ${new Date(q.expires_at * 1000).toISOString()})` : '';
  const s = gate.session();
  const runs = call.parts.length > 1 ? `, one quote each (quotes lists them; this quote_id runs them all)` : '';
  return [
    `${tool}: priced at up to ${credits(q.estimated_cost)} for ${rows(q.row_count)}${inRuns(call)}${runs}; the balance is ${credits(q.available_credits)}. Nothing was spent.`,
    `To run it: tell the person the cost, then call ${tool} again with the same arguments and quote_id "${q.quote_id}"${expires}. ` +
      (v.kind === 'go'
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
async function askThenRun(
  input: PaidCallInput,
  call: PricedCall,
  job: PaidJob,
  fingerprint: string,
  earlier?: PricedCall,
): Promise<CallToolResult> {
  const q = call.quote;
  const left = q.expires_at === null ? ASK_AT_MOST_MS : q.expires_at * 1000 - input.gate.now();
  const answer = await input.server.elicitInput(
    {
      mode: 'form',
      message:
        `${input.spec.title} (${input.spec.name}): spend up to ${credits(q.estimated_cost)} for ${rows(q.row_count)}${inRuns(call)}? ` +
        (call.leftOut ? `${call.leftOut.summary} ` : '') +
        `The balance is ${credits(q.available_credits)}. Accept to run it once; decline and nothing is spent.`,
      requestedSchema: { type: 'object', properties: {} },
    },
    { signal: input.env.signal, timeout: Math.max(1000, Math.min(ASK_AT_MOST_MS, left)) },
  );
  if (answer.action === 'accept') return execute(input, call, job, 'person', fingerprint, earlier);
  input.gate.decline(call);
  return result(
    input,
    'declined',
    call,
    undefined,
    [`${input.spec.name}: the person declined up to ${credits(q.estimated_cost)}. Nothing was spent.`],
    job.preview,
    call.leftOut,
    earlier,
  );
}

async function execute(
  input: PaidCallInput,
  call: PricedCall,
  job: PaidJob,
  by: ApprovedBy,
  fingerprint: string,
  earlier?: PricedCall,
): Promise<CallToolResult> {
  // The journal can be written (else nothing is sent, nothing counted); old entries go (hourly).
  input.env.journal.prepare();
  input.gate.bind(call, input.spec.name, fingerprint);
  input.gate.commit(call, by);
  const sending = sendAll(input, call, job);
  call.running = sending;
  let data: unknown;
  try {
    data = await sending;
  } catch (e) {
    // A request not sent, or refused with nothing done: the quote may run later (a job goes on where it stopped). One sent and unanswered: its end stays the one to wait for.
    if (call.running === sending && !call.parts.some((p) => p.sent && p.answer === undefined)) delete call.running;
    throw e;
  }
  checkCharges(input, call);
  const how = by === 'person' ? 'approved by the person' : by === 'budget' ? 'within the session budget' : EARLIER;
  const runs = call.parts.length > 1 ? ` ${call.parts.length} runs (one quote each)` : '';
  const joined = call.parts.filter((p) => p.joined);
  const ran =
    joined.length === call.parts.length
      ? `${input.spec.name}: did not run again${runs ? ` (${call.parts.length} runs)` : ''}: nothing more was spent.`
      : `${input.spec.name}: ran${runs}, ${how}, for up to ${credits(costOf(call))}.`;
  return result(input, 'ran', call, data, [ran, ...joined.map((p) => joinedLine(p.joined!))], undefined, call.leftOut, earlier);
}

const EARLIER = 'as sent by an earlier server whose answer was lost (found through its quote, paid once)';

/** A part joined to an identical request: whose answer it took. */
function joinedLine(e: JournalEntry): string {
  const who = e.pid === process.pid ? 'this process' : `process ${e.pid} (another server, or a command)`;
  return `An identical request was sent at ${clockTime(e.sent_at)} by ${who} while this one was being made (quote ${e.quote.quote_id}); this is its answer, paid once by that request.`;
}

/**
 * Before pricing: requests this call would send that an earlier server or command sent and
 * never saw answered (the journal's open entries) are sent again with their own quotes, so each
 * is read back or run once, whatever the budget now (the workflow's resolveEntry); one another
 * process still waits for is waited for. Undefined when there is none. With pay_again, one that
 * cannot be told (its quote expired) is given up, and the call is priced anew.
 */
async function resolveEarlier(
  input: PaidCallInput,
  job: PaidJob,
  fingerprint: string,
  payAgain: boolean,
): Promise<CallToolResult | undefined> {
  const { journal } = input.env;
  const lost = job.lost ? job.lost(journal) : journal.unanswered(job.tool).map((entry) => ({ entry, body: undefined }));
  if (lost.length === 0) return undefined;
  journal.prepare();
  // Its plan resolves them, then prices what is still to do.
  if (job.resolvesEarlier) return price(input, job, fingerprint, payAgain);
  const parts: EarlierPart[] = [];
  const kept = () => input.gate.earlier(parts, input.spec.name, fingerprint);
  for (const { entry, body } of lost) {
    // Another process still waits for its answer: this call waits for it too and takes it.
    const inFlight = journal.stillAwaited(entry);
    let resolved;
    try {
      resolved = await resolveEntry(journal, entry, (quoteId, j) => job.send(body, quoteId, j), resolving(input, payAgain));
    } catch (e) {
      throw parts.length ? stoppedPartway(input, kept(), e) : e;
    }
    // A journal quote holds the fields a quote is decided on.
    if (resolved) parts.push({ quote: resolved.quote, body, answer: resolved.result, ...(inFlight ? { joined: entry } : {}) });
  }
  if (parts.length === 0) return undefined;
  return earlierRan(input, await keptEarlier(input, job, fingerprint, parts));
}

/** How this call resolves an earlier request (resolve-earlier.ts), in the tools' words. */
function resolving(input: PaidCallInput, payAgain: boolean): ResolveEarlierOptions {
  const unknownFix = () =>
    `Check run_status and credits_balance; if it did not run, call ${input.spec.name} again with pay_again: true for a new quote.`;
  return { signal: input.env.signal, payAgain, unknownFix };
}

/** The earlier requests resolved, kept as one call that ran (a call with one of their quote ids gets their answer); a charge above a quote is an error. */
async function keptEarlier(input: PaidCallInput, job: PaidJob, fingerprint: string, parts: readonly EarlierPart[]): Promise<PricedCall> {
  const call = input.gate.earlier(parts, input.spec.name, fingerprint);
  if (job.answer) call.answer = await job.answer(call.parts);
  checkCharges(input, call);
  return call;
}

/** What resolving the earlier requests did: ran as sent (paid once, when they went out), or joined to a sender that still waited. */
function earlierLines(input: PaidCallInput, call: PricedCall): string[] {
  const lostOnes = call.parts.filter((p) => !p.joined).length;
  const runs = lostOnes > 1 ? ` ${lostOnes} runs` : '';
  return [
    lostOnes
      ? `${input.spec.name}: ran${runs}, ${EARLIER}, for up to ${credits(costOf(call))}.`
      : `${input.spec.name}: did not run again: nothing more was spent.`,
    ...call.parts.flatMap((p) => (p.joined ? [joinedLine(p.joined)] : [])),
  ];
}

/** The earlier requests resolved were all there was to do: their answer. */
function earlierRan(input: PaidCallInput, call: PricedCall, leftOut?: PricedCall['leftOut']): CallToolResult {
  return result(input, 'ran', call, call.answer, earlierLines(input, call), undefined, leftOut);
}

/** Sends the call's requests in order, each with its own quote; one answered already is not sent again. */
async function sendAll(input: PaidCallInput, call: PricedCall, job: PaidJob): Promise<unknown> {
  for (const part of call.parts) {
    if (part.answer !== undefined) continue;
    if (call.sent && !part.sent && input.env.signal.aborted) throw cancelledPartway(input, call);
    try {
      await sendPart(input, call, part, job);
    } catch (e) {
      throw stoppedPartway(input, call, e);
    }
  }
  const answers = call.parts.map((p) => p.answer);
  call.answer = job.answer ? await job.answer(call.parts) : answers.length === 1 ? answers[0] : answers;
  return call.answer;
}

/**
 * The client cancelled the call after a request of its job went out: that one went out whole
 * (its answer is kept), the job stops there, as an interrupted command or SDK call does. The
 * requests not started are dropped (never sent, no longer counted): calling again plans and
 * prices what is still to do.
 */
function cancelledPartway(input: PaidCallInput, call: PricedCall): ToolFailure {
  const dropped = call.parts.filter((p) => !p.sent).length;
  call.parts = call.parts.filter((p) => p.sent);
  return new ToolFailure({
    code: 'cancelled',
    problem: `the call was cancelled after ${call.parts.length} of its runs started (they go on); the other ${dropped} were not sent`,
    fix: `Call ${input.spec.name} again without quote_id: it prices what is still to do.`,
    retryable: false,
  });
}

/** A job that stopped after some of its runs started: they go on, and the error names them. */
function stoppedPartway(input: PaidCallInput, call: PricedCall, e: unknown): unknown {
  const started = call.parts.filter((p) => p.answer !== undefined).map((p) => p.answer);
  if (started.length === 0) return e;
  const err = errorOf(e);
  return new ToolFailure({
    ...err,
    problem: `${err.problem}; ${started.length} of ${call.parts.length} runs had started before this stopped and go on (details.started: follow them with run_status)`,
    fix: `${err.fix ? `${err.fix} ` : ''}Calling ${input.spec.name} again with the same quote_id sends only the runs that did not start.`,
    details: { ...err.details, started },
  });
}

/**
 * Sends one request with its quote through the paid-run journal (sendOnce), which writes it down
 * before it goes out; an identical request sent since the call was priced is joined instead, its
 * answer taken. Only an end that leaves nothing open in the journal (the service answered that
 * nothing was done, or it never went out) takes the run back; any other (a lost answer, a crash)
 * may have started it, so it stays counted and written down, and the quote can only read back what
 * it paid for. A resend whose quote expired cannot tell whether the first ran.
 */
async function sendPart(input: PaidCallInput, call: PricedCall, part: PricedPart, job: PaidJob): Promise<void> {
  const id = part.quote.quote_id ?? '';
  const resend = part.sent;
  let recording: Recording | undefined;
  try {
    const index = call.parts.indexOf(part);
    const what = `${input.spec.title} (MCP ${input.spec.name})${call.parts.length > 1 ? `, run ${index + 1} of ${call.parts.length}` : ''}`;
    // The last check of a first send runs once no identical request was found to join (under its lock); a resend is of what went out already.
    const beforeWrite = resend ? undefined : job.beforeFirstSend;
    const run = {
      tool: job.tool,
      what,
      quote: part.quote,
      since: call.pricedAt,
      ...(beforeWrite ? { beforeWrite } : {}),
      lockKey: job.lockKey,
    };
    const sent = await sendOnce(input.env.journal, run, (quoteId, journal) => job.send(part.body, quoteId, journal), {
      signal: input.env.signal,
      onRecording: (r) => (recording = r),
    });
    part.answer = sent.result;
    // Joined to its own request, sent earlier and left unanswered: that is this part, resolved.
    if (sent.joined && sent.joined.quote.quote_id !== id) part.joined = sent.joined;
    else part.sent = call.sent = true;
  } catch (e) {
    if (resend && quoteExpired(e))
      throw new ToolFailure({
        code: 'earlier_run_unknown',
        problem: `${input.spec.name} was sent with quote ${id} and got no answer before the quote expired, so whether it ran (and was charged) cannot be told; nothing was spent now`,
        fix: `Check run_status and credits_balance; if it did not run, call ${input.spec.name} again with pay_again: true for a new quote.`,
        retryable: false,
      });
    if (mayHaveRun(e, recording)) part.sent = call.sent = true;
    else input.gate.refund(call);
    throw e;
  }
}

/** A run whose answer says it took more than its approved quote is an error result; the run stands, and what it took is counted. */
function checkCharges(input: PaidCallInput, call: PricedCall): void {
  let over: ChargeAboveQuoteError | undefined;
  for (const part of call.parts) {
    // A joined part's answer is the identical request's, approved on that request's quote.
    if (part.joined) continue;
    try {
      checkCharge(part.answer, part.quote.estimated_cost);
    } catch (e) {
      if (!(e instanceof ChargeAboveQuoteError)) throw e;
      part.took = e.charged;
      over ??= e;
    }
  }
  if (over)
    throw new ToolFailure({
      code: over.code,
      problem: `${input.spec.name} ran, and its run took ${credits(over.charged)}, more than the ${credits(over.approved)} approved on its quote; the run stands (its answer: details.answer)`,
      fix: over.fix,
      retryable: false,
      details: over.details,
    });
}

function sessionLine(gate: SpendGate): string {
  const s = gate.session();
  return `Session: spent up to ${credits(s.spent_up_to)} (${credits(s.approved_by_person)} approved by the person); ${credits(s.budget_left)} of --max-credits ${s.max_credits} left.`;
}

/** The answer: what happened, the quote (a job's: their sum, and each in quotes), the session's spending, what planning left out, and the run's answer (a job's: runs). */
function result(
  input: PaidCallInput,
  status: Status,
  call: PricedCall | null,
  data: unknown,
  lines: string[],
  preview?: unknown,
  leftOut = call?.leftOut,
  earlier?: PricedCall,
): CallToolResult {
  const said = <T>(v: T) => hintsAsTools(v, input.names);
  const several = call !== null && call.parts.length > 1;
  // A job's answers one a run, unless the job gave them as one answer.
  const runs = several && Array.isArray(data);
  const answers = data === undefined ? [] : runs ? data : [data];
  const out: Record<string, unknown> = {
    status,
    quote: said(call?.quote ?? null),
    ...(several ? { quotes: call.parts.map((p) => said(p.quote)) } : {}),
    spend: input.gate.session(),
    ...(leftOut ? { left_out: { summary: leftOut.summary, ...leftOut.facts } } : {}),
    ...(preview !== undefined ? { preview: said(preview) } : {}),
    ...(data !== undefined ? (runs ? { runs: answers.map(said) } : { result: said(data) }) : {}),
    ...(earlier ? { earlier_runs: earlier.parts.map((p) => said(p.answer)) } : {}),
  };
  const notes = answers.length
    ? answers.flatMap((a) => [...summaryOf(input.spec.name, a, input.spec.entry.rows).slice(1), ...serviceNotes(a, input.names)])
    : (call?.parts ?? []).flatMap((p) => serviceNotes(p.quote, input.names));
  const before = earlier ? earlierLines(input, earlier) : [];
  return okResult(
    [...(leftOut ? [leftOut.summary] : []), ...before, ...lines, sessionLine(input.gate), ...new Set(notes)],
    out,
    input.structured,
  );
}
