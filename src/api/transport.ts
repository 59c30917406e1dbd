import http from 'node:http';
import { networkError, type NetworkErrorKind, type ApiError } from './errors.js';

/**
 * HTTP over node:http/https with a keep-alive connection pool. (undici was measured and
 * set aside: its WebAssembly HTTP parser keeps V8's compiler threads busy at exit and adds
 * about 140 ms to every short command; see bench/README.md.)
 */
export interface TransportOptions {
  connectTimeoutMs: number;
  readTimeoutMs: number;
  maxSockets: number;
  /** The most of one answer read; a longer one is cut there (MAX_ANSWER_BYTES unless given). */
  maxAnswerBytes?: number;
}

/**
 * The most of one answer read: 8 MiB. The largest the service sends is far below (measured on
 * the sandbox: a page of 500 leads 124 KB, an export page of 500 leads 159 KB, the OpenAPI
 * document 157 KB, the docs page 349 KB); an answer past it is a broken or hostile server, and
 * reading on would take the process's memory with it.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export interface RawRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer | undefined;
  signal?: AbortSignal | undefined;
  /** Told once the whole request has been handed to the operating system for the network. */
  onSent?: (() => void) | undefined;
  /** The most this attempt may take, answer included (the request's deadline, less what earlier attempts took). */
  deadlineMs?: number | undefined;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A network failure, with whether the request may have reached the server. */
export interface TransportFailure {
  error: ApiError;
  /** false when no byte reached the server (refused, DNS, connect timeout): any method may be retried. */
  mayHaveBeenProcessed: boolean;
}

const IDLE_SOCKET_MS = 4_000;

export class Transport {
  private readonly agents = new Map<string, http.Agent>();
  constructor(private readonly opts: TransportOptions) {}

  private httpsModule: typeof import('node:https') | undefined;

  private async agentFor(url: URL): Promise<{ agent: http.Agent; mod: typeof http | typeof import('node:https') }> {
    // node:https (and TLS) load only when an https URL is used: the sandbox path stays fast.
    const mod = url.protocol === 'https:' ? (this.httpsModule ??= await import('node:https')) : http;
    const key = url.protocol;
    let agent = this.agents.get(key);
    if (!agent) {
      // An idle pooled socket is closed after 4 s, before a server's keep-alive (commonly
      // 5 s) can close it under a request: a reset there would leave a paid POST in doubt.
      const o = { keepAlive: true, maxSockets: this.opts.maxSockets, timeout: IDLE_SOCKET_MS };
      agent = new mod.Agent(o);
      this.agents.set(key, agent);
    }
    return { agent, mod };
  }

  async send(req: RawRequest): Promise<RawResponse> {
    const { url } = req;
    const { agent, mod } = await this.agentFor(url);
    return new Promise((resolve, reject) => {
      let connected = false;
      let settled = false;
      let connectTimer: NodeJS.Timeout | undefined;
      let deadlineTimer: NodeJS.Timeout | undefined;
      /** True the first time only: the request ends once, by an answer, a failure or an abort. */
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        if (connectTimer) clearTimeout(connectTimer);
        if (deadlineTimer) clearTimeout(deadlineTimer);
        return true;
      };
      const fail = (kind: NetworkErrorKind, detail: string) => {
        if (!settle()) return;
        const failure: TransportFailure = {
          error: networkError(kind, detail, req.method, redactUrl(url)),
          mayHaveBeenProcessed: connected,
        };
        // A value the client reads (the error, and whether the request may have been processed), not a throw.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        reject(failure);
      };
      const headers: Record<string, string> = { ...req.headers };
      if (req.body) headers['content-length'] = String(req.body.length);
      const r = mod.request(url, { method: req.method, headers, agent, signal: req.signal });
      r.on('socket', (socket) => {
        // A pooled socket is already connected; a new one gets the connect timeout.
        if (!(socket as { connecting?: boolean }).connecting) {
          connected = true;
          return;
        }
        connectTimer = setTimeout(() => {
          fail('connect_timeout', `no connection to ${url.host} within ${this.opts.connectTimeoutMs} ms`);
          r.destroy();
        }, this.opts.connectTimeoutMs);
        socket.once('connect', () => {
          connected = true;
          if (connectTimer) clearTimeout(connectTimer);
        });
      });
      // The inactivity timer misses an answer that drips a byte at a time: the deadline bounds the whole.
      if (req.deadlineMs !== undefined)
        deadlineTimer = setTimeout(
          () => {
            fail('deadline_exceeded', `no whole answer within the request's deadline`);
            r.destroy();
          },
          Math.max(0, req.deadlineMs),
        );
      r.setTimeout(this.opts.readTimeoutMs, () => {
        fail(connected ? 'read_timeout' : 'connect_timeout', `no answer within ${this.opts.readTimeoutMs} ms`);
        r.destroy();
      });
      r.on('error', (err: NodeJS.ErrnoException) => {
        if (err.name === 'AbortError') {
          if (settle()) reject(err);
          return;
        }
        const code = err.code ?? '';
        if (code === 'ECONNREFUSED') fail('connection_refused', `${url.host} refused the connection`);
        else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') fail('network_error', `cannot resolve ${url.hostname}`);
        else if (code === 'ECONNRESET' || code === 'EPIPE' || err.message === 'socket hang up')
          fail('connection_reset', `connection to ${url.host} closed early`);
        else fail('network_error', err.message);
      });
      r.on('response', (res) => {
        const chunks: Buffer[] = [];
        const most = this.opts.maxAnswerBytes ?? MAX_ANSWER_BYTES;
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= most) return void chunks.push(c);
          chunks.length = 0;
          fail('response_too_large', `the answer passed ${most} bytes, the most read of one answer`);
          r.destroy();
        });
        res.on('error', () => fail('connection_reset', `connection to ${url.host} closed mid-response`));
        res.on('aborted', () => fail('connection_reset', `connection to ${url.host} closed mid-response`));
        res.on('end', () => {
          if (settle()) resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
      });
      r.once('finish', () => req.onSent?.());
      r.end(req.body);
    });
  }

  close(): void {
    for (const a of this.agents.values()) a.destroy();
    this.agents.clear();
  }
}

export function isTransportFailure(e: unknown): e is TransportFailure {
  return typeof e === 'object' && e !== null && 'error' in e && 'mayHaveBeenProcessed' in e;
}

/**
 * Query parameter names that carry a secret, as signed storage URLs spell them: X-Amz-Signature,
 * X-Amz-Credential, X-Amz-Security-Token, X-Goog-Credential, AWSAccessKeyId, GoogleAccessId,
 * Azure's sig, CloudFront's Signature, Policy and Key-Pair-Id, plus token, key, secret, password, auth.
 */
const SECRET_PARAM = /sig|token|key|credential|secret|passw|pwd|auth|session|accessid|policy/i;

/** A URL without query secrets or userinfo, safe to print. */
export function redactUrl(url: URL): string {
  const u = new URL(url.href);
  u.username = '';
  u.password = '';
  for (const k of [...u.searchParams.keys()]) {
    if (SECRET_PARAM.test(k)) u.searchParams.set(k, 'REDACTED');
  }
  return u.href;
}
