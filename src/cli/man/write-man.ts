import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandTree } from '../tree/tree.js';
import { SDK_VERSION } from '../../api/version.js';
import { manPages, type ManPage } from './pages.js';

export interface WriteManOptions {
  version?: string;
  /** YYYY-MM-DD; default: SOURCE_DATE_EPOCH (reproducible builds), else today (UTC). */
  date?: string;
  /** The command tree the pages describe. */
  tree: CommandTree;
}

function buildDate(env: Record<string, string | undefined> = process.env): string {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  const when = env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : new Date();
  return when.toISOString().slice(0, 10);
}

const isManPage = (file: string): boolean => /^prospect(-[\w-]+)?\.1$/.test(file);

/** A page's text with the date of its header left out: two texts that differ only there say the same. */
export const undated = (text: string): string => text.replace(/^(\.TH \S+ 1 )\S+/m, '$1-');

/**
 * Writes the man pages of this build's command tree into `dir`: each changed page into a
 * temporary folder beside it first, then renamed into place, so a reader never sees half a
 * page. A page whose text is unchanged but for the date keeps its file (and date): the
 * committed pages change only when what they say does. Pages of commands that no longer
 * exist are removed. Returns the file names of the pages.
 */
export async function writeManPages(dir: string, options: WriteManOptions): Promise<string[]> {
  const pages = manPages(options.tree, options.version ?? SDK_VERSION, options.date ?? buildDate());
  await mkdir(dir, { recursive: true });
  const existing = async (name: string) => readFile(path.join(dir, name), 'utf8').catch(() => undefined);
  const changed: ManPage[] = [];
  for (const p of pages) {
    const before = await existing(p.name);
    if (before === undefined || undated(before) !== undated(p.text)) changed.push(p);
  }
  const tmp = await mkdtemp(path.join(dir, '.man-'));
  try {
    await Promise.all(changed.map((p) => writeFile(path.join(tmp, p.name), p.text, { mode: 0o644 })));
    const names = new Set(pages.map((p) => p.name));
    const stale = (await readdir(dir)).filter((f) => isManPage(f) && !names.has(f));
    await Promise.all(stale.map((f) => rm(path.join(dir, f), { force: true })));
    for (const p of changed) await rename(path.join(tmp, p.name), path.join(dir, p.name));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return pages.map((p) => p.name);
}
