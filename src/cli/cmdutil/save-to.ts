import type { Context } from '../context.js';
import type { AddLeadsResponse } from '../../api/schemas/lists.js';
import { isCliError, notFoundError, usageError } from '../errors.js';
import type { FlagOptions, FlagSpec } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { resolveList } from './resolve-list.js';
import { checkName } from './list-name.js';
import { quoted } from '../output/printable.js';

export interface ListSaver {
  /** Saves the rows of one search page (its cohort) into the list. */
  save: (page: { task_id?: string | null | undefined }, rows: readonly unknown[]) => Promise<void>;
  /** Says on stderr what was saved. */
  report(): void;
  /** What was saved, for --json: the list and the counts. */
  result(): SavedTo;
}

/** The list a search saved to and what it added (`saved_to` of `search ... --save-to --json`). */
export interface SavedTo {
  list_id: string;
  name: string;
  added: number;
  skipped_duplicates: number;
  created?: number | undefined;
  credits_charged: number;
}

/**
 * A LIST argument, or with `create` a new list of that name when none has it (exit 4 otherwise,
 * suggesting --create). `beforeCreate` runs just before a list is created (a refusal there creates nothing).
 */
export async function resolveOrCreateList(
  ctx: Context,
  arg: string,
  create: boolean,
  beforeCreate?: () => Promise<void>,
): Promise<{ list_id: string; label: string }> {
  try {
    return { list_id: (await resolveList(ctx.api, arg)).list_id, label: arg };
  } catch (e) {
    if (!isCliError(e) || e.exitCode !== ExitCode.NOT_FOUND) throw e;
    if (!create) throw notFoundError(e.message, 'Add --create to create the list, or pick one from `prospect lists ls`.');
    await beforeCreate?.();
    const made = await ctx.api.lists.create({ name: checkName(arg, 'LIST') });
    ctx.out.info(`Created list ${quoted(made.name)} (${made.list_id}).`);
    return { list_id: made.list_id, label: made.name };
  }
}

/**
 * --save-to LIST [--create]: the list is found (or created) before anything is searched, so a
 * wrong name costs no search; each page's cohort is then saved by its task_id (free).
 */
export async function listSaver(ctx: Context, arg: string, create: boolean, noun = 'people'): Promise<ListSaver> {
  const { list_id: listId, label } = await resolveOrCreateList(ctx, arg, create);
  const results: AddLeadsResponse[] = [];
  return {
    async save(page, rows) {
      if (!page.task_id || rows.length === 0) return;
      results.push(await ctx.api.lists.addLeads(listId, { task_id: page.task_id }));
    },
    result() {
      const { list_id, added, skipped_duplicates, created, credits_charged } = sumAdded(listId, results);
      return { list_id, name: label, added, skipped_duplicates, ...(noun === 'people' ? { created: created ?? 0 } : {}), credits_charged };
    },
    report() {
      const t = sumAdded(listId, results);
      ctx.out.success(
        `Saved ${t.added} ${noun} to "${label}" (${t.skipped_duplicates} already there${noun === 'people' ? `, ${t.created ?? 0} new leads` : ''}); free.`,
      );
    },
  };
}

/** The --save-to and --create flags of the searches. */
export const SAVE_TO_FLAGS = [
  { flags: '--save-to <list>', description: 'save the rows found into this list (id or exact name; free)' },
  { flags: '--create', description: 'with --save-to, create the list when no list has that name' },
] as const satisfies readonly FlagSpec[];

type SaveToOptions = FlagOptions<typeof SAVE_TO_FLAGS>;

/** The saver --save-to asks for, or undefined; --create alone is a usage error. */
export async function saverFromFlags(ctx: Context, opts: SaveToOptions, noun: string): Promise<ListSaver | undefined> {
  if (opts.saveTo === undefined) return undefined;
  return listSaver(ctx, opts.saveTo, Boolean(opts.create), noun);
}

/** --create without --save-to: refused before anything is sent. */
export function checkSaveToFlags(opts: SaveToOptions): void {
  if (opts.create && opts.saveTo === undefined) throw usageError('--create goes with --save-to LIST', 'Add --save-to "List name".');
}

/** The counts of several add requests, summed. */
export function sumAdded(listId: string, results: readonly AddLeadsResponse[]): AddLeadsResponse {
  const total: AddLeadsResponse = { list_id: listId, added: 0, skipped_duplicates: 0, credits_charged: 0 };
  for (const r of results) {
    total.added += r.added;
    total.skipped_duplicates += r.skipped_duplicates;
    total.credits_charged += r.credits_charged;
    if (r.created !== undefined) total.created = (total.created ?? 0) + r.created;
  }
  return total;
}
