import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { commandTree, type CommandTree } from '../tree/tree.js';
import { SDK_VERSION } from '../../api/version.js';
import { manPages } from './pages.js';

export interface WriteManOptions {
  version?: string;
  /** YYYY-MM-DD; default: SOURCE_DATE_EPOCH (reproducible builds), else today (UTC). */
  date?: string;
  /** The tree when the caller has built it already (default: this build's). */
  tree?: CommandTree;
}

function buildDate(env: Record<string, string | undefined> = process.env): string {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  const when = env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : new Date();
  return when.toISOString().slice(0, 10);
}

const isManPage = (file: string): boolean => /^prospect(-[\w-]+)?\.1$/.test(file);

/**
 * Writes the man pages of this build's command tree into `dir`: all of them into a temporary
 * folder beside it first, then each renamed into place, so a reader never sees half a page.
 * Pages of commands that no longer exist are removed. Returns the file names written.
 */
export async function writeManPages(dir: string, options: WriteManOptions = {}): Promise<string[]> {
  const pages = manPages(options.tree ?? (await commandTree()), options.version ?? SDK_VERSION, options.date ?? buildDate());
  await mkdir(dir, { recursive: true });
  const tmp = await mkdtemp(path.join(dir, '.man-'));
  try {
    await Promise.all(pages.map((p) => writeFile(path.join(tmp, p.name), p.text, { mode: 0o644 })));
    const names = new Set(pages.map((p) => p.name));
    const stale = (await readdir(dir)).filter((f) => isManPage(f) && !names.has(f));
    await Promise.all(stale.map((f) => rm(path.join(dir, f), { force: true })));
    for (const p of pages) await rename(path.join(tmp, p.name), path.join(dir, p.name));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return pages.map((p) => p.name);
}
