import type { Client } from './client.js';
import { call, requestOf, type CallOptions as EntryCall } from './endpoints/call.js';
import type { Endpoint, ResponseOf, RowOf, RowsEndpoint } from './endpoints/endpoint.js';
import { PagePromise } from './paginate.js';
import type { PaidCallOptions, PaidCallRules, Redemption } from './paid-call.js';
import type { PollOptions } from './poll.js';

/** Which credential a call uses: the API key, or the session JWT (key management only). */
export type Credential = 'key' | 'jwt';

/** What every method takes beside its parameters. */
export interface CallOptions {
  /** Stops the call (and any wait between retries) when aborted. */
  signal?: AbortSignal | undefined;
}

/** How a `waitFor...` method polls until the job reaches a terminal state (any the spec lists). */
export interface WaitOptions<S> extends CallOptions {
  /** Gives up after this long with a PollTimeoutError (the job keeps running remotely). Default: no limit. */
  timeoutMs?: number;
  /** Told of every status read, the last (terminal) one included. */
  onProgress?: (status: S) => void;
  /** First wait between reads (default 500 ms), growing 1.5 times a read up to `maxIntervalMs` (default 5 s). */
  initialIntervalMs?: number;
  maxIntervalMs?: number;
  /** @internal The clock of the waits (the CLI's, a test's). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** @internal */
  now?: (() => number) | undefined;
}

/**
 * What the resources of one face reach the service through: the core client of a credential
 * (made when first asked: the CLI may start the sandbox or read the keychain first), and the
 * signal every request carries unless the call passes its own (the CLI's Ctrl-C, bound once).
 */
export interface ResourceHost {
  client(credential: Credential): Client | Promise<Client>;
  readonly signal?: AbortSignal | undefined;
}

/** The request of an entry beside its signal: path values, query, body. */
type Request<E> = Omit<EntryCall<E>, 'signal' | 'attempts'>;

/** A catalog entry an area sends, loaded with its area's entries when first sent. */
export interface EntryRef<E extends Endpoint> {
  load(): Promise<E>;
}

/**
 * The entries of one area of the catalog, each loaded when first sent: an area's methods name
 * them as they would the entries, and a command that reaches one area evaluates no other's
 * entries (descriptions, examples, value lists) at start-up.
 */
export function lazyEntries<T extends Record<string, Endpoint>>(load: () => Promise<T>): { readonly [K in keyof T]: EntryRef<T[K]> } {
  let area: Promise<T> | undefined;
  const refs = new Map<string, EntryRef<Endpoint>>();
  return new Proxy({} as { readonly [K in keyof T]: EntryRef<T[K]> }, {
    get(_target, key: string) {
      let ref = refs.get(key);
      if (!ref) refs.set(key, (ref = { load: () => (area ??= load()).then((entries) => entries[key]!) }));
      return ref;
    },
  });
}

/**
 * The base of every API area (client.lists, ctx.api.lists, ...), in the manner of openai-node's
 * APIResource: one method per operation, each sending its catalog entry through the host's client.
 */
export abstract class APIResource {
  /** @internal */
  protected readonly host: ResourceHost;
  /** @internal The credential this area's calls use. */
  protected readonly credential: Credential = 'key';

  /** @internal */
  constructor(host: ResourceHost) {
    this.host = host;
  }

  /** @internal The signal of a call: its own, else the host's. */
  protected signalOf(opts: CallOptions = {}): AbortSignal | undefined {
    return opts.signal ?? this.host.signal;
  }

  /** @internal Sends one entry (never a paid one: those go through sendQuoted). */
  protected async send<E extends Endpoint>(ref: EntryRef<E>, req: Request<E> = {}, opts: CallOptions = {}): Promise<ResponseOf<E>> {
    const [e, client] = await Promise.all([ref.load(), this.host.client(this.credential)]);
    return call(client, e, { ...req, signal: this.signalOf(opts) });
  }

  /**
   * @internal Sends a paid entry whose body carries its quote_id, through the paid path
   * (paid-call.ts): written down in the journal given, a lost answer resolved through the quote
   * (`recover` reads the run back; null when it cannot be read back), never paid twice.
   */
  protected async sendQuoted<R>(
    ref: EntryRef<Endpoint>,
    req: Request<Endpoint> & { body: { quote_id?: string | undefined } },
    recover: ((client: Client, r: Redemption) => Promise<R>) | null,
    opts: PaidCallOptions = {},
    rules: Omit<PaidCallRules, 'journal'> = {},
  ): Promise<R> {
    const [e, client, { sendPaid }] = await Promise.all([ref.load(), this.host.client(this.credential), import('./paid-call.js')]);
    const sent = { ...requestOf(e, { ...req, signal: this.signalOf(opts) }), body: req.body };
    return sendPaid<R>(client, sent, recover && ((r) => recover(client, r)), opts.sleep, { ...rules, journal: opts.journal });
  }

  /**
   * @internal A paged entry as a PagePromise: the entry says which key holds the rows, where the
   * cursor and the page size go and the size asked for unless the request gives a limit.
   */
  protected paged<E extends RowsEndpoint>(
    ref: EntryRef<E>,
    req: Request<E> = {},
    opts: CallOptions = {},
  ): PagePromise<ResponseOf<E>, RowOf<E>> {
    const reading = ref.load().then((e) => {
      if (!e.pages || !e.rows) throw new Error(`${e.id} is not paged`);
      const given = { ...((req as Record<string, unknown>)[e.pages.in] as Record<string, unknown> | undefined) };
      const cursor = typeof given.cursor === 'string' ? given.cursor : undefined;
      delete given.cursor;
      return { where: e.pages.in, given, rows: e.rows, size: typeof given.limit === 'number' ? given.limit : e.pages.size, cursor };
    });
    // Read only when a page is: a rejected reading is the first page's error, never an unhandled one.
    reading.catch(() => undefined);
    const request = async (n: number | undefined, cursor: string | undefined) => {
      const { where, given } = await reading;
      return this.send(
        ref,
        { ...req, [where]: { ...given, ...(n !== undefined ? { limit: n } : {}), ...(cursor ? { cursor } : {}) } },
        opts,
      );
    };
    return new PagePromise(request, reading);
  }

  /** @internal Polls a job's status until a terminal state (500 ms growing to 5 s between reads unless told). */
  protected async poll<S>(fetchStatus: () => Promise<S>, opts: WaitOptions<S> & Pick<PollOptions<S>, 'statusOf'> = {}): Promise<S> {
    const signal = this.signalOf(opts);
    const { waitForWorkflow } = await import('./poll.js');
    return waitForWorkflow({ initialIntervalMs: 500, maxIntervalMs: 5_000, ...opts, ...(signal ? { signal } : {}), fetchStatus });
  }
}
