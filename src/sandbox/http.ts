import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { genericError } from './engine/errors.js';
import { invalidJson } from './engine/validation.js';

/** Larger bodies are refused with 413 (CSV import has its own, smaller limit). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export function newRequestId(): string {
  return `req_${randomBytes(12).toString('hex')}`;
}

/** The client went away before its body arrived: nothing to answer, nothing to report. */
export class ClientGoneError extends Error {
  override name = 'ClientGoneError';
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(genericError(413, 'BAD_REQUEST', `Request body larger than ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', (e) => reject(req.destroyed || req.socket?.destroyed ? new ClientGoneError(e.message) : e));
  });
}

/**
 * The parsed JSON body; undefined when there is none. A body sent with a content type other
 * than JSON stays its text, which every body schema refuses with 422 (as the service does)
 * instead of being read as an empty body: a form or text/plain post (what a web page can
 * send to a local port without asking) never passes for `{}`.
 */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  if (contentType && !/json/i.test(contentType)) return raw.toString('utf8');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw invalidJson((e as Error).message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  sendBytes(res, status, Buffer.from(JSON.stringify(body)), { ...headers, 'content-type': 'application/json' });
}

/** A body that is not JSON (a file download): sent as it is, with its own content type among the headers. */
export function sendBytes(res: ServerResponse, status: number, body: Buffer, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('content-length', body.length);
  res.statusCode = status;
  res.end(body);
}

/** Resolves after `ms`, or at once when the signal aborts (its timer cleared). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
