import type { Client } from '../../api/client.js';
import { ConflictError } from '../../api/errors.js';
import { listSmartAgentRuns } from '../../api/resources/agents.js';
import type { SmartAgentRun, SmartAgentRunBody } from '../../api/schemas/agents.js';
import { AGENT_RUNS_PAGE, agentColumn } from '../../api/schemas/values/agents.js';
import { isTerminalStatus } from '../../api/poll.js';
import { counted } from '../counts.js';

/**
 * Never a second smart-agent run over work a run is still doing. A run request names no leads
 * (only lead_scope, max_rows, overwrite): a second run on the same list and column while one is
 * pending or processing selects the leads the first has not written yet and pays for them again.
 * So while one is going, another on that column is refused before anything is priced; a run on
 * another column of the list is other work. The list's runs are a free read.
 */

/** A run on the same list and column is still pending or processing: nothing was priced or spent. */
export class RunInProgressError extends ConflictError {
  /** The run going: follow it rather than start another. */
  readonly runId: string;

  constructor(run: SmartAgentRun, fix: string) {
    super({
      // Raised before any request is sent, with the status a service conflict has (exit 7 in the CLI).
      status: 409,
      code: 'run_in_progress',
      problem:
        `smart-agent run ${run.task_id} (${run.agent_type}) on column "${run.column_name}" of list ${run.list_id} is still ${run.status} ` +
        `(${run.processed} of ${counted(run.total, 'lead')} done); a second run now would select and pay again for the leads it has not written yet. Nothing was spent`,
      fix,
      retryable: false,
      details: { run_id: run.task_id, status: run.status, processed: run.processed, total: run.total, list_id: run.list_id, column_name: run.column_name, agent_type: run.agent_type },
    });
    this.runId = run.task_id;
    // ConflictError types its name as its own; this one still says which it is.
    Object.defineProperty(this, 'name', { value: 'RunInProgressError' });
  }
}

type RunTarget = Pick<SmartAgentRunBody, 'list_id' | 'agent_type' | 'column_name'>;

/**
 * The run still going on the list and column `body` writes, or undefined. Runs come most
 * recent first, and one going is among the latest (a page of 100 is read).
 */
export async function agentRunGoing(client: Client, body: RunTarget, opts: { signal?: AbortSignal | undefined } = {}): Promise<SmartAgentRun | undefined> {
  const column = agentColumn(body);
  const { runs } = await listSmartAgentRuns(client, { list_id: body.list_id, limit: AGENT_RUNS_PAGE.max }, opts);
  return runs.find((r) => r.list_id === body.list_id && r.column_name === column && !isTerminalStatus(r.status));
}

export interface RunGoingCheck {
  signal?: AbortSignal | undefined;
  /** How this face says to follow the run (a command, a method, a tool), for the error's fix. */
  follow: (runId: string) => string;
}

/** Throws RunInProgressError when a run on the same list and column is going; nothing is priced or spent. */
export async function refuseAgentRunGoing(client: Client, body: RunTarget, check: RunGoingCheck): Promise<void> {
  const run = await agentRunGoing(client, body, check);
  if (run) throw new RunInProgressError(run, check.follow(run.task_id));
}
