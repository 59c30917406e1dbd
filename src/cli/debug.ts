import type { Writable } from 'node:stream';
import type { TraceEvent } from '../api/client.js';
import { rawHints } from './hints.js';

/** --debug: one stderr line per request, response and retry, and the hints of each answer. Credentials arrive redacted already. */
export function debugTracer(stderr: Writable, opts: { hints?: boolean } = {}): (e: TraceEvent) => void {
  return (e) => {
    switch (e.type) {
      case 'request': {
        const headers = Object.entries(e.headers)
          .map(([k, v]) => `\n[debug]   ${k}: ${v}`)
          .join('');
        stderr.write(`[debug] > ${e.method} ${e.url}${e.attempt > 0 ? ` (attempt ${e.attempt + 1})` : ''}${headers}\n`);
        break;
      }
      case 'response':
        stderr.write(`[debug] < ${e.status} ${e.method} ${e.url} ${e.ms} ms${e.requestId ? ` request-id=${e.requestId}` : ''}\n`);
        break;
      case 'retry':
        stderr.write(`[debug] retrying ${e.method} ${e.url} after ${e.reason} in ${e.waitMs} ms\n`);
        break;
      case 'pace':
        stderr.write(`[debug] pacing ${e.method} ${e.url}: waiting ${e.waitMs} ms to stay under the announced rate limit\n`);
        break;
      case 'answer':
        // The service's hints as it wrote them (a person reads them in our words, hints.ts); --quiet keeps them off.
        if (opts.hints !== false) for (const [key, text] of rawHints(e.data)) stderr.write(`[debug] ${key}: ${text}\n`);
        break;
      case 'network-error':
        stderr.write(`[debug] ! ${e.method} ${e.url} ${e.code} after ${e.ms} ms\n`);
        break;
    }
  };
}
