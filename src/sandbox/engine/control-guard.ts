import type { IncomingHttpHeaders } from 'node:http';
import { genericError } from './errors.js';

/**
 * The controls under /__sandbox/ need no credential, so they answer only what a local
 * program sends on purpose:
 * - a Host header naming this machine (localhost, 127.x.x.x, [::1], or the address the
 *   sandbox was bound to): a page that re-points its own domain at 127.0.0.1 (DNS
 *   rebinding) sends its own domain as Host;
 * - no Origin but a local one: a browser names the page that sent the request;
 * - `Content-Type: application/json` on every POST and every request with a body: a web
 *   page can post text/plain, a form or nothing to any port without asking, never JSON (that
 *   needs a CORS preflight the sandbox does not grant). A DELETE without a body needs none:
 *   a page cannot send one without that preflight either.
 */

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The host name of a Host header or URL authority, without port, brackets or final dot, lower case. */
export function hostNameOf(authority: string): string {
  const a = authority.trim().toLowerCase();
  const close = a.indexOf(']');
  const name = a.startsWith('[') ? a.slice(1, close < 0 ? undefined : close) : a.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** A short, printable rendering of a header value for an error message. */
const shown = (v: string): string => JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}...` : v);

/**
 * Throws the refusal of a control request that fails one of the checks: 403 for a foreign
 * Host or Origin, 415 for a body that is not declared JSON. `boundUrl` is the sandbox's own
 * URL: its host is accepted besides the loopback names.
 */
export function guardControlRequest(method: string, headers: IncomingHttpHeaders, boundUrl: string): void {
  const bound = boundUrl ? hostNameOf(new URL(boundUrl).host) : '';
  const local = (name: string) => isLoopbackName(name) || (bound !== '' && name === bound);
  const host = headers.host ?? '';
  if (!local(hostNameOf(host)))
    throw genericError(
      403,
      'PERMISSION_DENIED',
      `Sandbox controls answer only requests to a loopback host (localhost, 127.0.0.1, [::1]); Host was ${shown(host)}`,
    );
  const origin = headers.origin;
  // An opaque origin ("null": a sandboxed frame, a file) has no host and is refused too.
  if (origin !== undefined && !local(originHost(origin)))
    throw genericError(403, 'PERMISSION_DENIED', `Sandbox controls do not answer requests sent by a web page (Origin ${shown(origin)})`);
  if (READ_METHODS.has(method)) return;
  const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
  if (method !== 'POST' && !hasBody) return;
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    throw genericError(
      415,
      'BAD_REQUEST',
      `Sandbox controls take Content-Type: application/json on ${method === 'POST' ? 'POST' : 'a request with a body'} (got ${type ? shown(type) : 'none'}); send a JSON body, {} when there is nothing to say`,
    );
}

function originHost(origin: string): string {
  try {
    return hostNameOf(new URL(origin).host);
  } catch {
    return '';
  }
}
