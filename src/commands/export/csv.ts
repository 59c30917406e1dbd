import { defineCommand } from '../../cli/command.js';
import type { Context } from '../../cli/context.js';
import { writeFailure } from '../../cli/errors.js';
import { expiryMs } from '../../api/schemas/values/export.js';
import type { CsvExportBody, CsvExportLink } from '../../api/schemas/export.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { COLUMNS_FLAG, FORCE_FLAG, checkColumns } from './shared/flags.js';
import { STDOUT, downloadToFile, fileNameFor, formatBytes, openOutputFor, outputTarget } from '../../cli/cmdutil/output-file.js';

function report(ctx: Context, link: CsvExportLink, where: string): void {
  const rows = `${link.row_count} ${link.row_count === 1 ? 'row' : 'rows'}`;
  ctx.out.info(`Exported ${rows} (${formatBytes(link.file_size_bytes)}) to ${where}.`);
}

export const command = defineCommand({
  description:
    'Asks the service for a signed link to the CSV of the list as it is now, and downloads it without credentials ' +
    'into a temporary file beside FILE, renamed into place only once complete and of the announced size (a failure ' +
    'or Ctrl-C leaves no file). FILE defaults to the list name with .csv in the current directory and is never ' +
    'replaced without --force; `-o -` streams the CSV to stdout. Prints the path on stdout, rows and size on stderr. ' +
    'Columns: lead_id, first_name, last_name, email, title, company, domain, linkedin_url, phone, location, then the ' +
    "list's smart-agent columns. Cells starting with =, +, - or @ are written with a leading apostrophe.",
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    { flags: '-o, --output <file>', description: 'where to write the CSV (- for stdout)', defaultDescription: 'LIST-NAME.csv' },
    COLUMNS_FLAG,
    { flags: '--no-smart-agents', description: "leave out the list's smart-agent columns" },
    FORCE_FLAG,
  ],
  examples: [
    'prospect export csv "Q3 CTOs"',
    'prospect export csv lst_... -o leads.csv --columns email,first_name,last_name,company',
    'prospect export csv "Q3 CTOs" --no-smart-agents -o - | wc -l',
  ],
  related: ['prospect export json', 'prospect lists leads'],
  async run(opts, ctx) {
    const columns = checkColumns(opts.columns);
    const { list_id, summary } = await resolveList(ctx.api, opts.args[0] ?? '');
    // The default file is named after the list (an id argument is looked up).
    const file = opts.output ?? fileNameFor(summary?.name ?? (await ctx.api.lists.get(list_id)).name, 'csv');
    const target = file === STDOUT ? undefined : await outputTarget(file, opts.force);
    const body: CsvExportBody = { list_id, ...(columns ? { columns } : {}), include_smart_agents: opts.smartAgents };
    const link = await ctx.api.exports.csvLink(body);
    ctx.out.hints(link);
    const download = ctx.globals.debug ? { onTrace: (await import('../../cli/debug.js')).debugTracer(ctx.io.stderr) } : {};
    if (!target) {
      await ctx.api.exports.downloadCsv(link, ctx.io.stdout, { ...download, end: false });
      return report(ctx, link, 'stdout');
    }
    if (target.kind === 'stream') {
      await ctx.api.exports.downloadCsv(link, await openOutputFor(ctx, file), download).catch((e: unknown) => {
        throw writeFailure(file, e);
      });
      return report(ctx, link, file);
    }
    await downloadToFile(ctx.api, file, link, opts.force, download);
    if (ctx.out.format === 'json' || ctx.out.format === 'ndjson') {
      await ctx.out.print({ kind: 'object', payload: { path: file, ...link } });
    } else ctx.io.stdout.write(`${file}\n`);
    report(ctx, link, file);
    ctx.out.info(`The link works without credentials until ${new Date(expiryMs(link.expires_at)).toISOString()}.`);
  },
});
