import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CsvImportResponse } from '../../../api/schemas/lists.js';
import { CSV_IMPORT_LIMITS } from '../../../api/schemas/values/lists.js';
import { dataDir } from '../../../local/paths.js';
import { writePrivateFile } from '../../../local/private-file.js';
import type { ColumnMapping } from '../../../cli/cmdutil/header-map.js';
import type { ChunkLimits } from './chunks.js';

/**
 * The checkpoint of an import: the chunks the service acknowledged, saved after each one, so a
 * re-run sends only the others. It holds what was asked (service URL, list, the file's SHA-256,
 * mapping, enrichment) and per request (a chunk, or each part of one sent in parts) its
 * idempotency key, row count, when it was sent and what the service answered: no credentials,
 * no row data. A chunk counts as done for as long as
 * the service would replay its key (24 hours from sending), so a re-run does with the
 * checkpoint what it would do without it, with no request.
 */

type Env = Record<string, string | undefined>;

/** What an import was asked for: a checkpoint serves only the same request. */
export interface ImportRequest {
  /** The service's base URL (without credentials). */
  service: string;
  list_id: string;
  file_sha256: string;
  column_mapping: ColumnMapping;
  /** 'none', or the enrichment type asked (--enrich). */
  enrichment: string;
  /** --all-rows: rows holding what the enrichment finds are enriched too (absent: they are imported without it). */
  all_rows?: true;
  /** --keep-apostrophes: cells the CSV export escaped are sent as written (absent: as they were before). */
  keep_apostrophes?: true;
  /** The limits the file was cut by: with the same ones, the same file makes the same chunks. */
  chunk_limits: ChunkLimits;
}

/** What the service answered for a chunk: enough to report it again without asking. */
export type ChunkAnswer = Pick<
  CsvImportResponse,
  'rows_parsed' | 'rows_imported' | 'rows_skipped' | 'skip_reasons' | 'sample_skip_rows' | 'workflow_id'
>;

/** A request of a chunk the service acknowledged: the whole chunk, or one of its parts (chunk-parts.ts). */
export interface AcknowledgedChunk {
  index: number;
  idempotency_key: string;
  /** How many requests the chunk goes in, when more than one. */
  parts?: number;
  /** The enrichment this request dispatched ('none'), with --enrich. */
  enrichment?: string;
  /** Data rows the request carried. */
  rows: number;
  sent_at_ms: number;
  answer: ChunkAnswer;
}

export interface ImportCheckpoint extends ImportRequest {
  version: 1;
  /** The file as it was named (a copy with the same content matches too). */
  file: string;
  /** Tells this list from a later one given the same id (a sandbox that was reset). */
  list_created_at: string;
  /** How many chunks the file makes, once the last one was acknowledged. */
  total_chunks: number | null;
  chunks: AcknowledgedChunk[];
  updated_at_ms: number;
}

const checkpointDir = (env: Env): string => path.join(dataDir(env), 'imports');

/** Where the checkpoint of this request lives: the data dir, named by list and a hash of the request. */
export function checkpointFile(req: ImportRequest, env: Env): string {
  const fields = Object.keys(req.column_mapping).sort() as Array<keyof ColumnMapping>;
  const limits = [req.chunk_limits.rows, req.chunk_limits.base64Bytes];
  const asked = [
    req.service,
    req.list_id,
    req.file_sha256,
    fields.map((f) => [f, req.column_mapping[f]]),
    req.enrichment,
    limits,
    ...(req.all_rows ? ['all_rows'] : []),
    ...(req.keep_apostrophes ? ['keep_apostrophes'] : []),
  ];
  const key = createHash('sha256').update(JSON.stringify(asked)).digest('hex').slice(0, 16);
  return path.join(checkpointDir(env), `${req.list_id}-${key}.json`);
}

export async function fileSha256(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of createReadStream(file, signal ? { signal } : {})) hash.update(part as Buffer);
  return hash.digest('hex');
}

export async function loadCheckpoint(file: string): Promise<ImportCheckpoint | undefined> {
  try {
    const cp = JSON.parse(await fs.readFile(file, 'utf8')) as ImportCheckpoint;
    return cp.version === 1 && Array.isArray(cp.chunks) ? cp : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file and renamed: a kill leaves the previous checkpoint or this one, never half of one. */
export function saveCheckpoint(file: string, cp: ImportCheckpoint): void {
  writePrivateFile(file, JSON.stringify(cp));
}

/** Whether the service still replays a chunk sent at `sentAtMs`: only then may a re-run skip it. */
export const stillReplayed = (sentAtMs: number, nowMs: number): boolean => nowMs - sentAtMs < CSV_IMPORT_LIMITS.idempotencyReplayMs;

/** Removes the checkpoints whose every chunk is past the replay window (they can skip nothing any more). */
export async function removeExpiredCheckpoints(env: Env, nowMs: number): Promise<void> {
  const dir = checkpointDir(env);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const cp = await loadCheckpoint(path.join(dir, name));
    if (cp && !stillReplayed(cp.updated_at_ms, nowMs)) await fs.rm(path.join(dir, name), { force: true }).catch(() => undefined);
  }
}
