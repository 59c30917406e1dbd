import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import type { Context } from '../../cli/context.js';
import { appendToStdout, nextCommand } from '../../cli/command-line.js';
import { usageError } from '../../cli/errors.js';
import { etaText } from '../../cli/wait-notice.js';
import { oneOf } from '../../cli/parse.js';
import { limitFlags, pageBudget } from '../../cli/paging.js';
import { pagedSummary, readPaged } from '../../cli/paging-progress.js';
import type { PageBudget } from '../../api/paginate.js';
import { EXPORT_LIMITS, chosenColumns } from '../../api/schemas/values/export.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { COLUMNS_FLAG, FORCE_FLAG, checkColumns } from './shared/flags.js';
import {
  STDOUT,
  formatBytes,
  moveIntoPlace,
  openOutputFor,
  outputTarget,
  writeAtomically,
  type OutputTarget,
} from '../../cli/cmdutil/output-file.js';
// checkpoint.js loads node:crypto: it is imported where an --all export runs, not at start-up.
import type { ExportCheckpoint, ExportRequest } from './shared/checkpoint.js';
import { STREAM_FORMATS, epilogue, fileSink, pageText, prologue, streamSink, type Sink, type StreamFormat } from './shared/page-writer.js';
import { csvHintAtFirstPage } from './shared/csv-hint.js';
import { counted, formatCount } from '../../cli/output/numbers.js';

const SIZES = EXPORT_LIMITS.jsonPage;

const FLAGS = [
  { flags: '--all', description: 'every lead, streamed, with a checkpoint after each page (not with --limit)' },
  ...limitFlags('leads', SIZES),
  { flags: '--cursor <cursor>', description: 'start after a previous page' },
  COLUMNS_FLAG,
  { flags: '-o, --output <file>', description: 'write to FILE (through FILE.part)', defaultDescription: 'stdout' },
  { flags: '--resume', description: 'continue the interrupted --all export of the same list, columns, format and output' },
  FORCE_FLAG,
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

/** --all and --resume read every page; otherwise --limit rows (the default one page). */
const budgetOf = (opts: Options): PageBudget => pageBudget({ ...opts, all: opts.all || opts.resume }, SIZES);

/** --format of this command: json (the default, whatever the terminal), ndjson or csv. */
function streamFormat(ctx: Context): StreamFormat {
  const f = ctx.globals.format ?? command.formats!.default;
  return oneOf('--format', STREAM_FORMATS)(f);
}

/** Where the rows go: stdout (no -o, or -o -), or what -o names (a file, or a pipe or device streamed into). */
type Target = OutputTarget | { kind: 'stdout' };

/** The file written through FILE.part, or null when the rows are streamed (stdout, a pipe, a device). */
const outputFile = (t: Target): string | null => (t.kind === 'file' ? t.file : null);

function resumeCommand(ctx: Context, listArg: string, req: ExportRequest, opts: Options, target: Target): string {
  const words = ['export', 'json', listArg, '--all'];
  if (opts.columns) words.push('--columns', req.columns.join(','));
  if (req.format !== 'json') words.push('--format', req.format);
  if (opts.pageSize) words.push('--page-size', String(opts.pageSize));
  if (opts.output) words.push('-o', opts.output);
  if (opts.force) words.push('--force');
  words.push('--resume');
  const cmd = nextCommand(ctx, words);
  return target.kind === 'stdout' ? `${cmd}${appendToStdout(ctx)}` : cmd;
}

/** The export's pages from `cursor` (the first page without one): the columns chosen, else the service's default. */
const exportPages = (ctx: Context, req: ExportRequest, opts: Options, cursor: string | null | undefined) =>
  ctx.api.exports.json({ list_id: req.list_id, ...(opts.columns ? { columns: req.columns } : {}), ...(cursor ? { cursor } : {}) });

/** The checkpoint to continue from, or the reason there is none that fits. */
async function checkpointToResume(ctx: Context, req: ExportRequest, output: string | null, file: string): Promise<ExportCheckpoint> {
  const { CORRUPT, checkpointMismatch, describeExport, loadCheckpoint, otherStdoutCheckpoints } = await import('./shared/checkpoint.js');
  const cp = await loadCheckpoint(file);
  if (cp === CORRUPT)
    throw usageError(
      `cannot resume: the checkpoint ${file} is not one this tool wrote whole (unreadable or changed)`,
      'Run the export again without --resume: it starts over and replaces the checkpoint.',
    );
  if (cp) {
    const mismatch = checkpointMismatch(cp, req);
    if (mismatch)
      throw usageError(`cannot resume: ${mismatch}`, 'Resume with the same list, --columns and --format, or start again without --resume.');
    return cp;
  }
  const others = output ? [] : await otherStdoutCheckpoints(req.list_id, ctx.env);
  if (others.length)
    throw usageError(
      `cannot resume: no interrupted export of ${describeExport(req)} to stdout`,
      `Interrupted exports of this list: ${others.map(describeExport).join('; ')}. Resume with the same --columns and --format.`,
    );
  throw usageError(
    `nothing to resume: no interrupted export ${output ? `to ${output}` : `of ${describeExport(req)} to stdout`}`,
    'Run the export without --resume.',
  );
}

/** A .part that is not the file this export wrote (a link, another user's, shorter than counted) is never continued. */
function planted(e: unknown, output: string): never {
  const code = (e as NodeJS.ErrnoException).code;
  if (code !== 'EPLANTED' && code !== 'ESHORTPART') throw e;
  throw usageError(`cannot resume: ${(e as Error).message}`, `Run the export again without --resume: it starts ${output} over.`);
}

/** Every page, written as it comes, with a checkpoint after each; `--resume` picks up from the last one. */
async function exportAll(ctx: Context, listArg: string, req: ExportRequest, opts: Options, target: Target): Promise<void> {
  const output = outputFile(target);
  const { CORRUPT, checkpointFile, cutUncounted, dropCheckpoint, loadCheckpoint, partFileOf, regularFileSize, saveCheckpoint } =
    await import('./shared/checkpoint.js');
  const streamedTo = target.kind === 'stream' ? target.file : ctx.io.stdoutPath?.();
  const cpFile = checkpointFile(req, output, ctx.env, output ? undefined : streamedTo);
  const stream = async (from: number) =>
    target.kind === 'stream' ? streamSink(await openOutputFor(ctx, target.file), from, target.file, true) : streamSink(ctx.io.stdout, from);
  let cp: ExportCheckpoint;
  let sink: Sink;
  if (opts.resume) {
    cp = await checkpointToResume(ctx, req, output, cpFile);
    sink = output ? await fileSink(partFileOf(output), cp.bytes).catch((e: unknown) => planted(e, output)) : await stream(cp.bytes);
    const cut = output ? 0 : await cutUncounted(streamedTo, cp);
    ctx.out.info(`Resuming after ${counted(cp.rows, 'row')} (${formatBytes(cp.bytes)}).`);
    if (cut)
      ctx.out.info(
        `Cut ${formatBytes(cut)} a hard kill left at the end of ${streamedTo} after the last page counted; it is written again.`,
      );
  } else {
    const old = await loadCheckpoint(cpFile);
    if (old === CORRUPT) ctx.out.info(`An unreadable checkpoint (${cpFile}) was found; starting over and replacing it.`);
    else if (old) ctx.out.info('An interrupted export of the same request was found; starting over (--resume continues it).');
    const stdoutStart = target.kind === 'stdout' ? await regularFileSize(streamedTo) : undefined;
    cp = {
      version: 1,
      ...req,
      cursor: opts.cursor ?? null,
      done: false,
      rows: 0,
      bytes: 0,
      output,
      updated_at: '',
      ...(stdoutStart !== undefined ? { stdout_start: stdoutStart } : {}),
    };
    sink = output ? await fileSink(partFileOf(output), 0) : await stream(0);
  }
  const save = async (next: Partial<ExportCheckpoint>) => {
    cp = { ...cp, ...next, bytes: sink.bytes, updated_at: new Date(ctx.clock.now()).toISOString() };
    await saveCheckpoint(cpFile, cp);
  };
  await ctx.progress.start(`Exporting: ${counted(cp.rows, 'row')}`);
  try {
    if (!opts.resume) {
      await sink.write(await prologue(req.format, req.columns));
      await save({});
    }
    if (!cp.done) {
      // Whole pages by default: the per-key rate limit, not the page size, bounds an export's speed.
      const budget = budgetOf(opts);
      const client = await ctx.client();
      const hint = csvHintAtFirstPage(ctx, listArg, budget.pageSize, opts.columns ? req.columns : undefined);
      for await (const page of exportPages(ctx, req, opts, cp.cursor).budgeted(budget)) {
        hint(page.page.total, cp.rows);
        await sink.write(await pageText(req.format, page.items, req.columns, cp.rows));
        await save({ rows: cp.rows + page.items.length, cursor: page.cursor ?? null, done: !page.cursor });
        const eta = etaText(client.paceEstimate(Math.ceil((page.page.total - cp.rows) / budget.pageSize)));
        ctx.progress.update(`Exporting: ${formatCount(cp.rows)} of ${counted(page.page.total, 'row')}${eta ? ` · ${eta}` : ''}`);
      }
    }
    await sink.write(epilogue(req.format, cp.rows));
    await sink.close();
    if (output) await moveIntoPlace(partFileOf(output), output, opts.force);
    await dropCheckpoint(cpFile);
  } catch (e) {
    ctx.progress.stop();
    await sink.close();
    const appendTo =
      target.kind !== 'stdout' || appendToStdout(ctx) ? '' : ' (it writes the rows after these; append them to what this run wrote)';
    ctx.out.info(`Stopped after ${counted(cp.rows, 'row')}. Resume with${appendTo}:\n  ${resumeCommand(ctx, listArg, req, opts, target)}`);
    throw e;
  }
  ctx.progress.stop();
  if (output) ctx.io.stdout.write(`${output}\n`);
  ctx.out.info(`Exported ${cp.rows} ${cp.rows === 1 ? 'row' : 'rows'} (${formatBytes(sink.bytes)})${output ? ` to ${output}` : ''}.`);
}

/** --limit rows, over as many pages as that takes: `--format json` prints them as one page of the service's shape. */
async function exportSome(ctx: Context, req: ExportRequest, opts: Options, target: Target): Promise<void> {
  const budget = budgetOf(opts);
  const { result, payload, rows } = await readPaged(ctx, {
    pages: exportPages(ctx, req, opts, opts.cursor),
    budget,
    all: false,
    noun: 'leads',
  });
  const out = ctx.out.withFormat(req.format);
  out.hints(payload);
  const text = await out.renderView({ kind: 'rows', payload, rows, columns: req.columns });
  if (target.kind === 'file') {
    await writeAtomically(target.file, opts.force, (out) => out.writeFile(text));
    ctx.io.stdout.write(`${target.file}\n`);
  } else if (target.kind === 'stream') {
    const sink = streamSink(await openOutputFor(ctx, target.file), 0, target.file, true);
    await sink.write(text);
    await sink.close();
  } else ctx.io.stdout.write(text);
  ctx.out.info(pagedSummary(ctx, result, budget, 'leads'));
}

export const command = defineCommand({
  description:
    'The leads of a list with the chosen columns: --limit N of them (over as many pages as it takes), or every lead with --all, streamed in constant ' +
    'memory: --format json (default; with --all one array, else the page as the service returns it, the pages of --limit as one), ndjson (a row per line) or ' +
    'csv (with a header; cells starting with =, +, - or @ get an apostrophe). With --all a checkpoint is saved after ' +
    'every page: with -o FILE the data goes to FILE.part (checkpoint beside it) and is renamed to FILE at the end; ' +
    'to stdout the checkpoint lives in the data dir, keyed by list, columns and format. --resume continues an ' +
    'interrupted export from its last checkpoint: to a file the result is exactly that of one uninterrupted run, also ' +
    'after a hard kill; to stdout it continues after the last page fully written (append it to the same file; redirected to a file, what a hard kill ' +
    'left past the last checkpoint is cut first). ' +
    'Ctrl-C exits 130 and prints the command that resumes.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: FLAGS,
  formats: { values: STREAM_FORMATS, default: 'json' },
  examples: [
    'prospect export json "Q3 CTOs"',
    'prospect export json lst_... --all --format ndjson -o leads.ndjson',
    'prospect export json "Q3 CTOs" --all --format csv --columns email,first_name,company > leads.csv',
    'prospect export json lst_... --all --format ndjson -o leads.ndjson --resume',
  ],
  related: ['prospect export csv', 'prospect lists leads'],
  async run(opts, ctx) {
    const columns = checkColumns(opts.columns);
    if (ctx.globals.fields) throw usageError('--fields does not apply to export json', 'Choose and order the columns with --columns.');
    const format = streamFormat(ctx);
    if (opts.resume && opts.cursor) throw usageError('--resume and --cursor cannot be combined', 'The checkpoint knows where to continue.');
    if (opts.resume && !opts.all && opts.limit !== undefined)
      throw usageError(
        '--resume continues an --all export: --limit does not apply',
        'Drop --limit; the rows each request asks for are set with --page-size.',
      );
    budgetOf(opts);
    const target: Target = opts.output && opts.output !== STDOUT ? await outputTarget(opts.output, opts.force) : { kind: 'stdout' };
    const listArg = opts.args[0] ?? '';
    const { list_id } = await resolveList(ctx.api, listArg);
    const req: ExportRequest = { list_id, columns: chosenColumns(columns), format };
    if (opts.all || opts.resume) return exportAll(ctx, listArg, req, opts, target);
    return exportSome(ctx, req, opts, target);
  },
});
