import http from 'node:http';
import { Transform, type Writable } from 'node:stream';
import { isWriteError } from './write-errors.js';
import { pipeline } from 'node:stream/promises';
import { checkBaseUrl } from './base-url.js';
import { errorFromResponse, networkError, type ApiError } from './errors.js';
import { redactUrl } from './transport.js';
import { SDK_VERSION } from './version.js';
import type { TraceEvent } from './client.js';

/**
 * Downloads a signed URL (an export's CSV) into a writable stream as the bytes arrive, never
 * holding the whole body. No credentials are ever sent: the URL is its own proof, and it may
 * point at another host than the service. https is required except for a loopback host.
 * A non-2xx answer becomes the ApiError of its body; a body cut short (fewer bytes than its
 * Content-Length) is a connection_reset error.
 */

export interface DownloadOptions {
  signal?: AbortSignal | undefined;
  /** End the writable when the body is done (default true; false for stdout). */
  end?: boolean;
  /** Longest silence while connecting or reading (default 60 s). */
  idleTimeoutMs?: number;
  onTrace?: ((e: TraceEvent) => void) | undefined;
}

export interface DownloadResult {
  status: number;
  /** Bytes written to the writable. */
  bytes: number;
  contentType: string | undefined;
  /** The Content-Length the server announced, if any. */
  contentLength: number | undefined;
}

/** Most of an error body read into memory (an error page, not a file). */
const MAX_ERROR_BODY = 64 * 1024;

async function requestModule(url: URL): Promise<typeof http | typeof import('node:https')> {
  return url.protocol === 'https:' ? import('node:https') : http;
}

function collect(res: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      if (size < MAX_ERROR_BODY) chunks.push(c);
      size += c.length;
    });
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
  });
}

function parseErrorBody(body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export async function downloadTo(rawUrl: string, sink: Writable, opts: DownloadOptions = {}): Promise<DownloadResult> {
  const url = checkBaseUrl(rawUrl);
  const printable = redactUrl(url);
  const mod = await requestModule(url);
  const headers = { accept: 'text/csv, */*', 'user-agent': `prospect-cli/${SDK_VERSION} node/${process.version}` };
  const fail = (kind: Parameters<typeof networkError>[0], detail: string): ApiError => networkError(kind, detail, 'GET', printable);
  const idle = opts.idleTimeoutMs ?? 60_000;
  const started = performance.now();
  opts.onTrace?.({ type: 'request', method: 'GET', url: printable, headers, attempt: 0 });

  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = mod.request(url, { method: 'GET', headers, agent: false, signal: opts.signal });
    req.setTimeout(idle, () => req.destroy(fail('read_timeout', `no data from ${url.host} within ${idle} ms`)));
    req.on('response', resolve);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.name === 'AbortError' || (err as unknown as ApiError).status === 0) return reject(err);
      if (err.code === 'ECONNREFUSED') reject(fail('connection_refused', `${url.host} refused the connection`));
      else if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') reject(fail('network_error', `cannot resolve ${url.hostname}`));
      else reject(fail('connection_reset', err.message));
    });
    req.end();
  });
  const status = res.statusCode ?? 0;
  const requestId = header(res.headers['x-request-id']);
  opts.onTrace?.({ type: 'response', method: 'GET', url: printable, status, ms: Math.round(performance.now() - started), requestId });
  if (status < 200 || status >= 300) {
    const body = await collect(res);
    throw errorFromResponse({
      status,
      body: parseErrorBody(body),
      retryAfter: header(res.headers['retry-after']),
      requestId,
      method: 'GET',
      url: printable,
    });
  }

  const lengthHeader = header(res.headers['content-length']);
  const contentLength = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  // The server closing mid-body shows up as 'aborted' (older Node) or as a premature close.
  res.on('aborted', () => res.destroy(fail('connection_reset', `connection to ${url.host} closed mid-download`)));
  try {
    await pipeline(res, counter, sink, { signal: opts.signal, end: opts.end ?? true });
  } catch (e) {
    if ((e as Error).name === 'AbortError' || (e as ApiError).status === 0) throw e;
    // Where the bytes go failed (a full disk, a closed pipe): that error, not the network's.
    if (isWriteError(e)) throw e;
    throw fail('connection_reset', `the download from ${url.host} stopped after ${bytes} bytes: ${(e as Error).message}`);
  }
  if (contentLength !== undefined && bytes !== contentLength)
    throw fail('connection_reset', `the download from ${url.host} ended after ${bytes} of ${contentLength} bytes`);
  return { status, bytes, contentType: header(res.headers['content-type']), contentLength };
}
