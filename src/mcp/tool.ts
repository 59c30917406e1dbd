import type { Api } from '../api/api.js';
import type { Endpoint } from '../api/endpoints/endpoint.js';
import type { EstimateBody, Quote } from '../api/schemas/credits.js';
import type { JsonSchema } from '../api/endpoints/json-schema.js';
import type { PaidCallJournal } from '../api/paid-call.js';
import type { JournalEntry } from '../workflows/journal/entry.js';
import type { PaidJournal } from '../workflows/journal/journal.js';
import type { ResolveEarlierOptions } from '../workflows/journal/resolve-earlier.js';

/**
 * One MCP tool: a catalog entry as an AI assistant calls it. The entry gives the tool its
 * description, arguments (path parameters, query and body), answer schema and safety hints;
 * a spec adds only what the entry cannot say (the tool's name, which toolset, paging, how a
 * paid call is priced).
 */

/** Which tools a server offers: read (reads only), standard (reads, list changes, paid work), all (and reaching outside systems). */
export const TOOLSETS = ['read', 'standard', 'all'] as const;
export type Toolset = (typeof TOOLSETS)[number];

export type Args = Record<string, unknown>;

/** The most rows a paged tool answers per call, whatever the service allows: an assistant's context is small; it pages with the cursor. */
export const PAGE_MAX = 100;

/** What a tool's code reaches: the service, the paid-run journal, and the local files a person named (CSV import). */
export interface ToolEnv {
  /** The service's areas over the server's client, no signal bound: a paid request, once decided, goes out whole whatever the call's cancellation. */
  api: Api;
  signal: AbortSignal;
  /** The paid-run journal the server was given (the CLI's files, for `prospect mcp`): every paid request is sent through it. */
  journal: PaidJournal;
  now: () => number;
  /** Reads a local file a tool was given (CSV import), relative to the server's working directory. */
  readFile(path: string): Promise<Buffer>;
}

/** How a paid tool of one request is priced and run: the estimate of the exact request, and the request sent with the approved quote. */
export interface PaidRun {
  /** The estimate body (derived from the request, so the quote cannot mismatch) and what the request sends. */
  estimate: EstimateBody;
  /** What the quote is bound to beside the arguments (a file's bytes): a quote is run only for the same. */
  fingerprint?: string;
  /** The request costs nothing as asked (a CSV import without enrichment): sent at once, without a quote. */
  free?: true;
  /** What a free request left out of what was asked (a CSV import whose every row holds what the enrichment finds): said with its answer. */
  leftOut?: PaidPlan['leftOut'];
  /** What the run would do, shown with its price (a sync's preview). */
  preview?: unknown;
  /** Sends the request with the quote, written down in `journal` as it goes out (the area's send method takes it); a free one goes without. */
  send(quoteId: string | undefined, journal?: PaidCallJournal): Promise<unknown>;
}

/** One request of a paid job, priced: its quote, and the request it priced (sent with that quote). */
export interface PricedRequest {
  quote: Quote;
  /** The request as sent (written down with its quote, so a later server can send it again); undefined: the request the arguments say. */
  body: unknown;
}

/** A request an earlier call sent and got no answer for, resolved through its own quote while the job was planned (paid once, when it went out). */
export interface EarlierRequest {
  quote: Quote;
  body: unknown;
  answer: unknown;
  entry: JournalEntry;
}

/** What a paid job found to do (by free reads) and priced: its requests, none when nothing needs doing. */
export interface PaidPlan {
  requests: PricedRequest[];
  /** Requests of the job sent earlier and lost, resolved while planning (a job that resolvesEarlier): the requests priced leave out their work. */
  earlier?: EarlierRequest[];
  /** What was left out, for the person and the assistant: a line, and its facts for structuredContent. */
  leftOut?: { summary: string; facts: Record<string, unknown> };
  /** Why nothing needs doing, when there is no request. */
  nothing?: string;
}

/**
 * A paid tool whose call may send several requests (or none): planned and priced together when
 * called without a quote, decided once on their sum, and each sent with its own quote.
 */
export interface PaidJob {
  /** The service's tool its quotes price: what the paid-run journal files its requests under. */
  tool: string;
  /** What the quote is bound to beside the arguments. */
  fingerprint?: string;
  preview?: unknown;
  /**
   * Finds the requests (free reads) and prices each (free estimates); the gate refuses the whole
   * job when one quote does not make sense. A job that resolvesEarlier first resolves its lost
   * requests, in the face's words (`resolve`).
   */
  plan(resolve: ResolveEarlierOptions): Promise<PaidPlan>;
  /**
   * Its plan resolves the requests it sent earlier and lost, then plans what is still to do
   * (a list enrichment: the runs lost, then the leads still missing): the call does not resolve
   * them first and stop there, and `lost` only tells whether there are any.
   */
  resolvesEarlier?: true;
  /**
   * A quote of credits_estimate prices the request the arguments say: throws (nothing sent) when
   * that is not exactly what this call would send (a list whose leads already hold some of it).
   */
  checkEstimated?(): Promise<void>;
  /** Sends one planned request with its quote, written down in `journal` as it goes out; `body` undefined: the request the arguments say (a credits_estimate quote's). */
  send(body: unknown, quoteId: string, journal: PaidCallJournal): Promise<unknown>;
  /**
   * Of the requests of its tool sent earlier and never answered (an answer lost with its server or
   * command), those this call would send, each with the body to send again; default: every one,
   * with the request the arguments say (the journal refuses another request before it goes out).
   */
  lost?(journal: PaidJournal): { entry: JournalEntry; body: unknown }[];
  /** Right before a request's first send (never before a resend of a lost answer): throws to send nothing. */
  beforeFirstSend?: () => Promise<void>;
  /** What the journal locks that check and the write on, when requests that are not identical must take turns (PaidRunInfo.lockKey). */
  lockKey?: string;
  /**
   * The answers of its requests (each with the body it sent) as the tool's one answer (a CSV import
   * sent in parts: one import's, with its free request sent if no send did); default: the one
   * answer, or each in `runs`.
   */
  answer?(sent: ReadonlyArray<{ body: unknown; answer?: unknown }>): Promise<unknown>;
}

export interface ToolSpec {
  /** snake_case, area first: `lists_create`. */
  name: string;
  title: string;
  /** The catalog entry the tool sends (or, for a tool over several, the one its answer is). */
  entry: Endpoint;
  toolset: Toolset;
  /** What an assistant needs beyond the entry's description: how to page, what to call next. */
  note?: string;
  /** Deletes or removes: needs `confirm: true`, and does nothing without it. */
  destructive?: true;
  /** Reaches a system outside the service (a CRM, a sequencer). */
  openWorld?: true;
  /** Arguments beyond the entry's (name -> JSON Schema), and the entry's arguments the tool does not take. */
  args?: { add?: Record<string, JsonSchema>; required?: readonly string[]; omit?: readonly string[] };
  /** A tool that is read-only though its entry is a POST (a search, a preview). */
  readOnly?: true;
  /** Answers a quote the paid tools accept for the request it priced (credits_estimate). */
  mintsQuotes?: true;
  /** The answer schema when the tool answers other than its entry (a tool over several entries). */
  output?: JsonSchema;
  /** Sends a free call; default: the entry with path parameters, query and body taken from the arguments. */
  run?: (args: Args, env: ToolEnv) => Promise<unknown>;
  /** A paid tool: how its exact request is priced and sent with a quote. */
  paid?: (args: Args, env: ToolEnv) => Promise<PaidRun | PaidJob>;
}
