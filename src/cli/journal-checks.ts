import type { Context } from './context.js';
import { nextCommand } from './command-line.js';
import type { JournalEntry } from '../workflows/journal/entry.js';

/** What a printed command needs: the global flags that choose the service. */
type Target = Pick<Context, 'globals'>;

const bodyString = (e: JournalEntry, key: string) => (typeof e.request.body[key] === 'string' ? e.request.body[key] : undefined);

/** Where to see a run whose id the journal holds (syncs and company lookups have no status to read). */
export function runCommand(target: Target, e: JournalEntry): string | undefined {
  if (!e.run_id || e.tool.startsWith('sync_') || e.tool === 'enrich_company') return undefined;
  if (e.tool === 'run_smart_agent') return nextCommand(target, ['agents', 'results', e.run_id]);
  return nextCommand(target, ['enrich', 'status', e.run_id]);
}

/**
 * What tells whether a request that got no answer started: where its work would show, then
 * the balance and the credits reserved per operation today (usage counts them at dispatch).
 */
export function unknownRunChecks(target: Target, e: JournalEntry): string[] {
  const list = bodyString(e, 'list_id');
  const leadList = bodyString(e, 'lead_list_id');
  const own: string[] = [];
  if (e.tool === 'run_smart_agent' && list) own.push(nextCommand(target, ['agents', 'ls', '--list', list]));
  else if (e.tool === 'enrich_list' && list) own.push(nextCommand(target, ['lists', 'get', list]));
  else if (leadList) own.push(nextCommand(target, ['lists', 'leads', leadList]));
  return [...own, nextCommand(target, ['credits', 'balance']), nextCommand(target, ['usage', '--days', '1', '--group-by', 'tool'])];
}

/** A sync cannot be read back: its destination shows whether it ran. */
export function destinationNote(e: JournalEntry): string | undefined {
  if (!e.tool.startsWith('sync_')) return undefined;
  const where = bodyString(e, 'campaign_id')
    ? `campaign ${bodyString(e, 'campaign_id')} of ${bodyString(e, 'provider')}`
    : bodyString(e, 'provider');
  return `look in ${where} for the leads of list ${bodyString(e, 'list_id')}`;
}
