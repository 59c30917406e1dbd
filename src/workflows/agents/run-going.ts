import type { Api } from '../../api/api.js';
import { ConflictError } from '../../api/errors.js';
import type { SmartAgentRun, SmartAgentRunBody } from '../../api/schemas/agents.js';
import { AGENT_RUNS_PAGE, agentColumn } from '../../api/schemas/values/agents.js';
import { isTerminalStatus } from '../../api/poll.js';
import { sameRequest, sameService, type JournalEntry } from '../journal/entry.js';
import { clockTime, type PaidJournal } from '../journal/journal.js';
import { counted } from '../counts.js';

/**
 * Never a second smart-agent run over work a run is still doing. A run request names no leads
 * (only lead_scope, max_rows, overwrite): a second run on the same list and column while one is
 * pending or processing selects the leads the first has not written yet and pays for them again.
 * So while one is going, another on that column is refused; a run on another column of the list
 * is other work. The rule of every face, checked twice:
 * - before pricing (refuseAgentRunGoing): the list's runs (a free read), and only
 *   when one is going, the paid-run journal, read after it: a run going that is an identical
 *   request's (on its way, or answered since this call began) is not refused, as the journal
 *   joins it; a run of another request on its way on the column (in the journal, no answer yet)
 *   is refused too;
 * - right before the send (agentRunSend), under the journal's lock of the list and column, so
 *   any two runs on one column take turns: after the journal looked for an identical request to
 *   join, a run of another request on its way on the column, or one the list's runs show going,
 *   refuses it.
 */

export const AGENT_RUN_TOOL = 'run_smart_agent';

type RunTarget = Pick<SmartAgentRunBody, 'list_id' | 'agent_type' | 'column_name'>;
type RunBody = Omit<SmartAgentRunBody, 'quote_id'>;

/** A run request on its way on a column: written in the journal, its sender waiting for the answer (no run id yet). */
export interface RunOnItsWay {
  entry: JournalEntry;
  list_id: string;
  column_name: string;
  agent_type: string;
}

/** A run on the same list and column is going, or on its way: nothing was priced or spent. */
export class RunInProgressError extends ConflictError {
  /** The run going: follow it rather than start another. Null while its request is on its way (the service has not named it yet). */
  readonly runId: string | null;

  /** Made by the SDK; not for your own code to construct. */
  constructor(going: SmartAgentRun | RunOnItsWay, fix: string) {
    const run = 'entry' in going ? undefined : going;
    const where = `on column "${going.column_name}" of list ${going.list_id}`;
    const again = 'a second run now would select and pay again for the leads it has not written yet. Nothing was spent';
    super({
      // Raised before any request is sent, with the status a service conflict has (exit 7 in the CLI).
      status: 409,
      code: 'run_in_progress',
      problem: run
        ? `smart-agent run ${run.task_id} (${run.agent_type}) ${where} is still ${run.status} (${run.processed} of ${counted(run.total, 'lead')} done); ${again}`
        : `a smart-agent run (${going.agent_type}) ${where} was sent at ${clockTime((going as RunOnItsWay).entry.sent_at)} and its answer has not come yet; ${again}`,
      fix,
      retryable: false,
      details: run
        ? {
            run_id: run.task_id,
            status: run.status,
            processed: run.processed,
            total: run.total,
            list_id: run.list_id,
            column_name: run.column_name,
            agent_type: run.agent_type,
          }
        : {
            run_id: null,
            status: 'on_its_way',
            sent_at: (going as RunOnItsWay).entry.sent_at,
            list_id: going.list_id,
            column_name: going.column_name,
            agent_type: going.agent_type,
          },
    });
    this.runId = run ? run.task_id : null;
    // ConflictError types its name as its own; this one still says which it is.
    Object.defineProperty(this, 'name', { value: 'RunInProgressError' });
  }
}

/**
 * The run still going on the list and column `body` writes, or undefined. Runs come most
 * recent first, and one going is among the latest (a page of 100 is read).
 */
export async function agentRunGoing(
  api: Api,
  body: RunTarget,
  opts: { signal?: AbortSignal | undefined } = {},
): Promise<SmartAgentRun | undefined> {
  const column = agentColumn(body);
  const { runs } = await api.agents.list({ list_id: body.list_id, limit: AGENT_RUNS_PAGE.max }, opts);
  return runs.find((r) => r.list_id === body.list_id && r.column_name === column && !isTerminalStatus(r.status));
}

/** A run request of another body on its way on the list and column `body` writes (its sender still waits for the answer), or undefined. */
export function agentRunOnItsWay(journal: PaidJournal, body: RunBody): RunOnItsWay | undefined {
  const column = agentColumn(body);
  for (const entry of journal.store.open()) {
    if (entry.tool !== AGENT_RUN_TOOL || !sameService(entry.service, journal.service)) continue;
    const other = entry.request.body as Partial<RunBody> | undefined;
    if (other?.list_id !== body.list_id || agentColumn(other) !== column) continue;
    if (sameRequest(entry.request, { ...entry.request, body }) || !journal.stillAwaited(entry)) continue;
    return { entry, list_id: body.list_id, column_name: column ?? '', agent_type: String(other.agent_type ?? '') };
  }
  return undefined;
}

export interface RunGoingCheck {
  signal?: AbortSignal | undefined;
  /** How this face says to follow the run (a command, a method, a tool), for the error's fix. */
  follow: (runId: string) => string;
  /** How this face says to find a run whose request is on its way (its id not known yet): the list's runs. */
  find: (listId: string) => string;
}

/** How a run is checked against the journal: the journal, when the call began, and whether an identical request is set aside (pay again). */
export interface AgentRunJournal {
  journal: PaidJournal;
  /** When the call began: an identical request sent since, or still on its way, is the run going (the journal joins it). */
  since: number;
  /** Pay for a new run whatever identical request is on its way: the run going is not taken as its run. */
  payAgain?: boolean | undefined;
}

/**
 * Before pricing: throws RunInProgressError when a run on the same list and column is going
 * that is not an identical request's (on its way, or answered since the call began: the journal
 * joins that one, or resolves it through its quote), or when a run of another request is on its
 * way on the column. Nothing is priced or spent.
 */
export async function refuseAgentRunGoing(api: Api, body: RunBody, check: RunGoingCheck & AgentRunJournal): Promise<void> {
  const run = await agentRunGoing(api, body, check);
  // Read after the runs: an identical request's entry is written before its run exists.
  if (run && (check.payAgain || !check.journal.joinable(AGENT_RUN_TOOL, body, check.since)))
    throw new RunInProgressError(run, check.follow(run.task_id));
  refuseOnItsWay(body, check);
}

function refuseOnItsWay(body: RunBody, check: RunGoingCheck & Pick<AgentRunJournal, 'journal'>): void {
  const coming = agentRunOnItsWay(check.journal, body);
  if (coming) throw new RunInProgressError(coming, check.find(body.list_id));
}

/** What two runs on one list and column lock their check and write on in the journal (PaidRunInfo.lockKey). */
export const agentColumnLock = (body: RunTarget): string => `smart-agent column ${JSON.stringify([body.list_id, agentColumn(body) ?? ''])}`;

/** The journal's part in sending a run (PaidRunInfo): the lock of its list and column, and the check made under it. */
export interface AgentRunSend {
  lockKey: string;
  /** Called once no identical request was found to join: refuses the run when another request's is on its way on the column, or a run is going there. */
  beforeWrite: () => Promise<void>;
}

export function agentRunSend(api: Api, body: RunBody, check: RunGoingCheck & Pick<AgentRunJournal, 'journal'>): AgentRunSend {
  return {
    lockKey: agentColumnLock(body),
    beforeWrite: async () => {
      refuseOnItsWay(body, check);
      const run = await agentRunGoing(api, body, check);
      if (run) throw new RunInProgressError(run, check.follow(run.task_id));
    },
  };
}
