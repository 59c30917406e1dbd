import type { Context } from '../../../cli/context.js';
import { nextCommand } from '../../../cli/command-line.js';
import { counted } from '../../../cli/output/numbers.js';
import { RATE_LIMITS } from '../../../api/schemas/values/limits.js';

/**
 * `export json --all` of a long list: one hint naming `export csv`, which takes one request
 * and one download whatever the size, where the JSON export takes a request per page, paced
 * at the per-key limit. Up to a minute's worth of pages (30 pages, 15,000 rows) both finish
 * in about a second (bench/README.md, "Requests against the minimum"); past it every further
 * 30 pages wait for the next minute.
 */

/** Pages one key may fetch in a minute; more and the export waits for the next minute. */
const PAGES_PER_MINUTE = RATE_LIMITS.keyPerMinute;

/** The hint for an export of `rows` leads in pages of `pageSize`, or undefined when the JSON export is as quick. */
function csvExportHint(
  ctx: Context,
  listArg: string,
  rows: number,
  pageSize: number,
  columns: readonly string[] | undefined,
): string | undefined {
  const pages = Math.ceil(rows / pageSize);
  if (pages <= PAGES_PER_MINUTE) return undefined;
  const minutes = Math.ceil(pages / PAGES_PER_MINUTE);
  const csv = nextCommand(ctx, ['export', 'csv', listArg, ...(columns ? ['--columns', columns.join(',')] : [])]);
  return (
    `${counted(rows, 'lead')} take ${counted(pages, 'request')} here (${pageSize} a page), about ${minutes} min at ${PAGES_PER_MINUTE} requests a minute per key. ` +
    `The CSV export takes one request and one download whatever the size: ${csv}`
  );
}

/** Prints the hint once, at the first page (whose total says how many leads are left). */
export function csvHintAtFirstPage(
  ctx: Context,
  listArg: string,
  pageSize: number,
  columns: readonly string[] | undefined,
): (total: number, done: number) => void {
  let given = false;
  return (total, done) => {
    if (given) return;
    given = true;
    const hint = csvExportHint(ctx, listArg, total - done, pageSize, columns);
    if (hint) ctx.out.info(hint);
  };
}
