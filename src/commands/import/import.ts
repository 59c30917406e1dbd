import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { collect } from '../../cli/parse.js';
import { isApiError } from '../../api/errors.js';
import { importCsv } from '../../api/resources/lists.js';
import type { CsvImportResponse } from '../../api/schemas/lists.js';
import { IMPORT_ENRICHMENT_TYPES } from '../../api/schemas/values/lists.js';
import type { Client } from '../../api/client.js';
import type { Context } from '../../cli/context.js';
import { resolveOrCreateList } from '../lists/save-to.js';
import { stat } from 'node:fs/promises';
import { readCsv, type CsvRecord } from './csv-read.js';
import { canIdentifyLeads, mapHeaders, parseMapFlags, type ColumnMapping } from './header-map.js';
import { ChunkBuilder, chunkKey, type Chunk, type ClientSkip } from './chunks.js';
import { ImportTally } from './tally.js';
import { describeMapping, printPlan, printReport } from './import-output.js';

interface Options {
  map?: string[];
  enrich: string;
  dryRun?: boolean;
  create?: boolean;
}

/** How often a chunk waits out "an import is still processing" (409 conflict) before giving up. */
const CONFLICT_RETRIES = 5;

export const command = defineCommand<Options>({
  description:
    'Imports a CSV of any size into a list: read as a stream, headers mapped to the service\'s fields, sent in chunks ' +
    'under the request limits. Each chunk carries an idempotency key made from its content, so running the same command ' +
    'again after a failure or Ctrl-C imports nothing twice. Import is free.',
  args: [
    { name: 'list', description: 'a list id or the exact name of a list', required: true },
    { name: 'file', description: 'the CSV file (comma, semicolon or tab; UTF-8, with or without BOM)', required: true },
  ],
  flags: [
    { flags: '--map <field=Header>', description: 'map a column onto a field (repeatable); overrides the automatic mapping', parse: collect },
    { flags: '--enrich <type>', description: 'enrichment after import: none only in this version', choices: [...IMPORT_ENRICHMENT_TYPES, 'none'], default: 'none' },
    { flags: '--dry-run', description: 'read the file, print the mapping and the chunk plan, send nothing' },
    { flags: '--create', description: 'create the list when no list has that name' },
  ],
  examples: [
    'prospect import "Q3 leads" leads.csv',
    'prospect import lst_... export.csv --map email="Work E-mail" --map company_domain=Site',
    'prospect import "Q3 leads" leads.csv --dry-run',
  ],
  related: ['prospect lists leads', 'prospect lists create'],
  async run(opts, ctx) {
    const [listArg = '', file = ''] = opts.args;
    if (opts.enrich !== 'none')
      throw usageError(
        `--enrich ${opts.enrich}: enrichment on import is not available in this version`,
        'Import with --enrich none (the default) and enrich the list afterwards.',
      );
    const records = readCsv(file, ctx.signal);
    const header = (await records.next()).value as CsvRecord | undefined;
    if (!header) throw usageError(`${file} is empty`, 'Give a CSV with a header row and data rows.');
    if (!header.fields) throw usageError(`the header row of ${file} is not UTF-8`, 'Save the file as UTF-8 and try again.');
    const headers = header.fields;
    const { mapping, unmapped } = mapHeaders(headers, parseMapFlags(opts.map ?? [], headers));
    describeMapping(ctx, mapping, unmapped);
    if (!canIdentifyLeads(mapping))
      throw usageError(
        'no mapped column identifies a lead: the service needs a LinkedIn URL, an email, or a name with a company',
        'Map the columns with --map, e.g. --map email="Work E-mail".',
      );
    const size = (await stat(file)).size;
    const importer = opts.dryRun ? undefined : new ChunkSender(ctx, listArg, mapping, Boolean(opts.create));
    const tally = new ImportTally();
    const plan: Chunk[] = [];
    const builder = new ChunkBuilder(headers, mapping);
    const handle = async (r: { chunk?: Chunk; skip?: ClientSkip }) => {
      if (r.skip) tally.skipRow(r.skip);
      if (!r.chunk) return;
      if (importer) await importer.send(r.chunk, tally, Math.floor((100 * bytesRead) / Math.max(1, size)));
      else plan.push({ ...r.chunk, csv: '' });
    };
    await ctx.progress.start(`Reading ${file}`);
    let bytesRead = header.bytesRead;
    let dataRows = 0;
    try {
      for await (const rec of records) {
        bytesRead = rec.bytesRead;
        dataRows += 1;
        if (!rec.fields) await handle({ skip: { row: rec.row, reason: 'invalid_encoding' } });
        else if (rec.fields.length !== headers.length) await handle({ skip: { row: rec.row, reason: 'malformed_row' } });
        else await handle(builder.add(rec.row, rec.fields));
      }
      const last = builder.flush();
      if (last) await handle({ chunk: last });
      ctx.progress.stop();
    } catch (e) {
      ctx.progress.stop();
      if (ctx.signal.aborted && importer) importer.interrupted(tally);
      throw e;
    }
    if (dataRows === 0)
      throw usageError(`${file} has a header but no data rows`, 'Nothing was sent.');
    if (!importer) return printPlan(ctx, file, plan, tally);
    await printReport(ctx, tally.report(importer.listId ?? '', file));
  },
});

/** Sends chunks in order, resolving (or creating) the list at the first one. */
class ChunkSender {
  listId: string | undefined;
  private client: Client | undefined;

  constructor(
    private readonly ctx: Context,
    private readonly listArg: string,
    private readonly mapping: ColumnMapping,
    private readonly create: boolean,
  ) {}

  async send(chunk: Chunk, tally: ImportTally, percent: number): Promise<void> {
    if (!this.client) {
      this.client = await this.ctx.client();
      this.listId = (await resolveOrCreateList(this.ctx, this.client, this.listArg, this.create)).list_id;
    }
    const body = {
      csv_content_base64: Buffer.from(chunk.csv).toString('base64'),
      column_mapping: this.mapping,
      dispatch_enrichment: false,
      idempotency_key: await chunkKey(this.listId!, this.mapping, chunk),
    };
    let r: CsvImportResponse | undefined;
    for (let attempt = 0; !r; attempt++) {
      try {
        r = await importCsv(this.client, this.listId!, body, { signal: this.ctx.signal });
      } catch (e) {
        if (!isApiError(e) || e.code !== 'conflict' || attempt >= CONFLICT_RETRIES) throw e;
        await this.ctx.clock.sleep(e.retryAfterMs ?? 1_000, this.ctx.signal);
      }
    }
    tally.addChunk(chunk, r);
    this.ctx.progress.update(
      `Importing ${percent}%: ${tally.parsed.toLocaleString('en-US')} rows read, ${tally.imported.toLocaleString('en-US')} imported, chunk ${chunk.index + 1}` +
        `${tally.replayed ? ` (${tally.replayed} already imported earlier)` : ''}`,
    );
  }

  interrupted(tally: ImportTally): void {
    this.ctx.out.info(
      `Stopped after ${tally.chunks} chunks (${tally.imported} rows imported). Run the same command again to finish: ` +
        'chunks already imported are recognised and not imported twice.',
    );
  }
}
