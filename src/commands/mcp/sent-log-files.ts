import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writePrivateFile } from '../../local/private-file.js';
import type { SentLog, SentRecord } from '../../mcp/sent-log.js';

const hash = (s: string, n: number) => createHash('sha256').update(s).digest('hex').slice(0, n);

/**
 * The MCP server's paid requests written down as files, one per request (named by its quote),
 * in a 0700 folder of the data dir per service and profile: a record is written whole before
 * the request goes out and removed when it is answered. No credential is written: the quote,
 * the tool and its arguments (as the CLI's paid-run journal holds them, mode 0600).
 */
export function fileSentLog(dir: string): SentLog {
  const file = (quoteId: string) => path.join(dir, `${hash(quoteId, 32)}.json`);
  return {
    unanswered() {
      let names: string[];
      try {
        names = readdirSync(dir).filter((n) => n.endsWith('.json'));
      } catch {
        return [];
      }
      return names.flatMap((n) => {
        try {
          const r = JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as SentRecord;
          return r.quote?.quote_id && typeof r.tool === 'string' && typeof r.fingerprint === 'string' && (r.job === undefined || typeof r.job === 'string') ? [r] : [];
        } catch {
          return [];
        }
      });
    },
    sending: (r) => writePrivateFile(file(r.quote.quote_id ?? ''), JSON.stringify(r)),
    settled: (quoteId) => rmSync(file(quoteId), { force: true }),
  };
}

/** The folder of one service and profile's records under the data dir. */
export function sentLogDir(dataDir: string, baseUrl: string, profile: string): string {
  return path.join(dataDir, 'mcp-paid', hash(`${baseUrl}\n${profile}`, 16));
}
