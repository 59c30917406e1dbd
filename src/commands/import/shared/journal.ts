import {
  checkpointFile,
  loadCheckpoint,
  removeExpiredCheckpoints,
  saveCheckpoint,
  stillReplayed,
  type AcknowledgedChunk,
  type ImportCheckpoint,
  type ImportRequest,
} from './checkpoint.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';

/** The list as the service shows it now, to tell whether a checkpoint still describes it. */
export interface ListNow {
  created_at: string;
  lead_count: number;
}

export interface JournalOptions {
  env: Record<string, string | undefined>;
  nowMs: number;
  /** The file as named on the command line (recorded for a person reading the checkpoint). */
  file: string;
  /** The list was created by this run: no earlier run can have imported into it. */
  createdNow: boolean;
}

/** One import's checkpoint while it runs: which requests a re-run skips, and each acknowledgement saved at once. */
export class ImportJournal {
  /** The acknowledged requests of each chunk: one, or one per part of a chunk sent in parts. */
  private readonly byIndex = new Map<number, AcknowledgedChunk[]>();

  private constructor(
    readonly path: string,
    private readonly cp: ImportCheckpoint,
  ) {
    for (const c of cp.chunks) this.add(c);
  }

  private add(ack: AcknowledgedChunk): void {
    const acks = (this.byIndex.get(ack.index) ?? []).filter((a) => a.idempotency_key !== ack.idempotency_key);
    this.byIndex.set(ack.index, [...acks, ack]);
  }

  /**
   * The checkpoint of this request, or a new one. `stale` says why a checkpoint found was not
   * used: the list behind the id is another one, or lost leads the chunks imported.
   */
  static async open(req: ImportRequest, list: ListNow, o: JournalOptions): Promise<{ journal: ImportJournal; stale?: string }> {
    await removeExpiredCheckpoints(o.env, o.nowMs);
    const file = checkpointFile(req, o.env);
    const blank: ImportCheckpoint = {
      version: 1,
      ...req,
      file: o.file,
      list_created_at: list.created_at,
      total_chunks: null,
      chunks: [],
      updated_at_ms: o.nowMs,
    };
    const found = o.createdNow ? undefined : await loadCheckpoint(file);
    if (!found) return { journal: new ImportJournal(file, blank) };
    const live = found.chunks.filter((c) => stillReplayed(c.sent_at_ms, o.nowMs));
    const imported = live.reduce((n, c) => n + c.answer.rows_imported, 0);
    const stale =
      found.list_created_at !== list.created_at
        ? `list ${req.list_id} was created at ${list.created_at}, not at ${found.list_created_at} as when the checkpoint was written`
        : list.lead_count < imported
          ? `list ${req.list_id} holds ${counted(list.lead_count, 'lead')}, fewer than the ${n(imported)} its chunks imported`
          : undefined;
    if (stale) return { journal: new ImportJournal(file, blank), stale };
    return { journal: new ImportJournal(file, { ...found, file: o.file, chunks: live }) };
  }

  /** Chunks earlier runs sent some or all of, still replayed by the service. */
  get acknowledged(): number {
    return this.byIndex.size;
  }

  /** How many chunks the file makes, when earlier runs had every request of each acknowledged (and still replayed). */
  get complete(): number | undefined {
    const total = this.cp.total_chunks;
    if (total === null) return undefined;
    for (let i = 0; i < total; i++) {
      const acks = this.byIndex.get(i);
      if (!acks || acks.length < (acks[0]!.parts ?? 1)) return undefined;
    }
    return total;
  }

  /** The acknowledgement of a request of the chunk at `index` if it was sent with `key` (the same content) and is still replayed. */
  done(index: number, key: string, nowMs: number): AcknowledgedChunk | undefined {
    const c = this.byIndex.get(index)?.find((a) => a.idempotency_key === key);
    return c && stillReplayed(c.sent_at_ms, nowMs) ? c : undefined;
  }

  record(ack: AcknowledgedChunk, nowMs: number): void {
    this.add(ack);
    this.save(nowMs);
  }

  /** The whole file was sent: `chunks` is how many it makes. */
  finish(chunks: number, nowMs: number): void {
    this.cp.total_chunks = chunks;
    this.save(nowMs);
  }

  private save(nowMs: number): void {
    this.cp.chunks = [...this.byIndex.values()].flat().sort((a, b) => a.index - b.index);
    this.cp.updated_at_ms = nowMs;
    saveCheckpoint(this.path, this.cp);
  }
}
