import type { Quote } from '../api/schemas/credits.js';

/**
 * Where the server writes down each paid request right before it goes out, and crosses it out
 * when its answer comes (or the service answers that nothing was done). A request whose answer
 * was lost with the server's process (the client quit or restarted it) is still written down
 * when the next server starts: the identical call is then sent again with its own quote, which
 * reads back the run it paid for instead of paying twice. The command keeps it in files
 * (commands/mcp/sent-log-files.ts).
 */

export interface SentRecord {
  quote: Quote;
  /** The tool and the arguments the quote ran for (spend.ts canonical). */
  tool: string;
  fingerprint: string;
  sent_at: string;
  /** The request sent, for a tool whose requests are planned (enrich_list); absent: the request its arguments say. */
  body?: unknown;
  /** The job's quote id, for one request of a job of several (its first quote's). */
  job?: string;
}

export interface SentLog {
  /** Requests written down and never crossed out. */
  unanswered(): SentRecord[];
  /** Written right before the request goes out; throwing stops it unsent. */
  sending(record: SentRecord): void;
  /** Its answer came, or the service answered that nothing was done. */
  settled(quoteId: string): void;
}
