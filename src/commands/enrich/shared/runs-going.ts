import type { Context } from '../../../cli/context.js';
import { nextCommand } from '../../../cli/command-line.js';
import { clockTime, type PaidRunJournal } from '../../../cli/journal.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';
import { runsGoing as findRunsGoing, type RunsGoing } from '../../../workflows/enrich-list/runs-going.js';

/** The runs of this list still going (workflows/enrich-list/runs-going.ts), said on stderr with the command that watches them. */
export async function runsGoing(ctx: Context, journal: PaidRunJournal, listId: string): Promise<RunsGoing> {
  const found = await findRunsGoing(ctx.api, journal, listId, { now: ctx.clock.now() });
  const one = found.ids.length === 1;
  if (found.ids.length)
    ctx.out.info(
      `${n(found.ids.length)} earlier run${one ? ' of this list is' : 's of this list are'} still going; ` +
        `${found.covered === 'all' ? `${one ? 'it enriches' : 'they enrich'} every lead` : `the ${counted(found.covered.size, 'lead')} ${one ? 'it enriches' : 'they enrich'} are left out`}. ` +
        `Watch ${one ? 'it' : 'them'} with: ${nextCommand(ctx, ['enrich', 'status', ...found.ids, '--wait'])}`,
    );
  const coming = found.onTheirWay;
  const first = coming[0];
  if (first)
    ctx.out.info(
      `${coming.length === 1 ? `A run request of this list sent at ${clockTime(first.sent_at)} by process ${first.pid} has` : `${n(coming.length)} run requests of this list have`} ` +
        `no answer yet; the leads ${coming.length === 1 ? 'it enriches' : 'they enrich'} are left out. See ${coming.length === 1 ? 'it' : 'them'} with: ${nextCommand(ctx, ['runs', 'ls'])}`,
    );
  return found;
}
