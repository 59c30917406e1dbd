import { own, type Store } from '../store.js';

/**
 * The CSV files behind signed links, kept in sandbox state (and so in --state snapshots)
 * until their links expire. Repeated exports of a big list would grow that without bound,
 * so at most `max_files` files of at most `max_bytes` together are kept: the oldest are
 * dropped first, never the newest (one file over the budget alone is still served). A
 * dropped file's id is remembered until its link would have expired, so its link answers
 * that it was replaced rather than that it never existed.
 */

export interface ExportFile {
  export_id: string;
  organization_id: string;
  list_id: string;
  /** For the download's file name. */
  list_name: string;
  csv: string;
  /** sha256 of the CSV, hex: what the signature covers. */
  content_sha256: string;
  row_count: number;
  file_size_bytes: number;
  created_at: string;
  expires_at_ms: number;
}

export interface ExportFileCaps {
  max_files: number;
  max_bytes: number;
}

const DEFAULT_EXPORT_FILE_CAPS: ExportFileCaps = { max_files: 50, max_bytes: 64 * 1024 * 1024 };

/** Ids of dropped files remembered at most (each a few dozen bytes); past that the oldest are forgotten. */
const MAX_DROPPED_IDS = 10_000;

interface ExportArea {
  /** In the order they were made (ids are not integer-like, so key order is insertion order). */
  files: Record<string, ExportFile>;
  /** Dropped files by id: when their links would have expired. */
  dropped: Record<string, number>;
  caps: ExportFileCaps;
}

function exportArea(store: Store): ExportArea {
  const area = store.area<Partial<ExportArea>>('export', () => ({}));
  // A state file saved before the caps existed holds files alone.
  area.files ??= {};
  area.dropped ??= {};
  area.caps ??= { ...DEFAULT_EXPORT_FILE_CAPS };
  return area as ExportArea;
}

/** Forgets files and dropped ids whose links have expired (they can never be served again). */
function pruneExpired(area: ExportArea, nowMs: number): void {
  for (const [id, f] of Object.entries(area.files)) if (f.expires_at_ms <= nowMs) delete area.files[id];
  for (const [id, expiresMs] of Object.entries(area.dropped)) if (expiresMs <= nowMs) delete area.dropped[id];
}

/** Drops the oldest files until the rest fit the caps (the newest always stays). */
function enforceCaps(area: ExportArea): void {
  const ids = Object.keys(area.files);
  let bytes = ids.reduce((sum, id) => sum + area.files[id]!.file_size_bytes, 0);
  for (let i = 0; i < ids.length - 1 && (ids.length - i > area.caps.max_files || bytes > area.caps.max_bytes); i++) {
    const f = area.files[ids[i]!]!;
    bytes -= f.file_size_bytes;
    area.dropped[f.export_id] = f.expires_at_ms;
    delete area.files[f.export_id];
  }
  const droppedIds = Object.keys(area.dropped);
  for (const id of droppedIds.slice(0, Math.max(0, droppedIds.length - MAX_DROPPED_IDS))) delete area.dropped[id];
}

/** Keeps a new file, dropping expired ones and then the oldest beyond the caps. */
export function keepExportFile(store: Store, nowMs: number, file: ExportFile): void {
  const area = exportArea(store);
  pruneExpired(area, nowMs);
  area.files[file.export_id] = file;
  enforceCaps(area);
}

/** A kept file, 'dropped' when the caps replaced it before its link expired, or undefined. */
export function exportFileById(store: Store, exportId: string): ExportFile | 'dropped' | undefined {
  const area = exportArea(store);
  const file = own(area.files, exportId);
  if (file) return file;
  return Object.hasOwn(area.dropped, exportId) ? 'dropped' : undefined;
}

export interface ExportFilesState extends ExportFileCaps {
  kept_files: number;
  kept_bytes: number;
  dropped_links: number;
}

export function exportFilesState(store: Store): ExportFilesState {
  return stateOf(exportArea(store));
}

function stateOf(area: ExportArea): ExportFilesState {
  const files = Object.values(area.files);
  return {
    ...area.caps,
    kept_files: files.length,
    kept_bytes: files.reduce((sum, f) => sum + f.file_size_bytes, 0),
    dropped_links: Object.keys(area.dropped).length,
  };
}

/** Changes the caps (a test control); files beyond the new caps are dropped at once. */
export function setExportFileCaps(store: Store, caps: Partial<ExportFileCaps>): ExportFilesState {
  const area = exportArea(store);
  area.caps = { ...area.caps, ...caps };
  enforceCaps(area);
  return stateOf(area);
}

/** How the caps read in a message. */
export function describeCaps(store: Store): string {
  const { max_files, max_bytes } = exportArea(store).caps;
  const MB = 1024 * 1024;
  const budget = max_bytes >= MB ? `${Math.round(max_bytes / MB)} MB` : `${max_bytes} bytes`;
  return `the newest ${max_files} export files, at most ${budget} together`;
}
