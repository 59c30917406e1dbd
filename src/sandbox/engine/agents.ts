import { AGENT_RUN_PREFIX, type AgentRunStatus, type AgentType } from '../../api/schemas/values/agents.js';
import type { SmartAgentResults, SmartAgentRun } from '../../api/schemas/agents.js';
import type { SandboxServices } from '../context.js';
import { own, type Store } from '../store.js';
import { publicError, type SandboxError } from './errors.js';
import { refundCredits } from './ledger.js';
import { canView, leadOf, listById, setColumnValue } from './lists.js';
import type { Principal } from './auth.js';
import { agentOutput, type AgentTask } from './agent-outputs.js';

/**
 * Smart-agent runs on the sandbox clock. A run's outputs are decided when it starts (they are
 * deterministic), its credits are already taken. It is pending for pace.pending_ms, then its
 * leads finish one by one, one every pace.row_ms; each finished lead's value is written to the
 * list column at once, so results and the column fill in while it is processing. A run a
 * control told to fail fails as a whole when it would start processing, writes nothing and
 * gets its credits back in full. settleAgentRuns brings every run up to the clock; the server
 * calls it before each API request and on a timer, beside the enrichment engine's settleDue.
 */

/** A lead's output (a type alias, so it is a SmartAgentResultRow as it is). */
export type AgentRow = {
  lead_id: string;
  value: string | null;
  error: string | null;
};

export interface AgentRunEnd {
  status: 'completed' | 'failed';
  ended_at_ms: number;
  credits_charged: number;
  credits_refunded: number;
}

export interface AgentRunRecord {
  task_id: string;
  organization_id: string;
  user_id: string;
  list_id: string;
  column_name: string;
  agent_type: AgentType;
  rows: AgentRow[];
  credits_reserved: number;
  created_at: string;
  started_at_ms: number;
  pending_ms: number;
  row_ms: number;
  /** Set by a control: the run fails as a whole. */
  fails: boolean;
  /** Rows whose value is written to the list column. */
  written: number;
  end: AgentRunEnd | null;
}

export interface AgentPace {
  pending_ms: number;
  row_ms: number;
}

/** A few hundred ms a lead: a demo sees progress and a run of a few dozen leads ends in seconds. */
const DEFAULT_AGENT_PACE: AgentPace = { pending_ms: 500, row_ms: 250 };

export interface AgentSettings {
  pace: AgentPace;
  /** How many of the next runs fail as a whole. */
  fail_next: number;
  /** Agent types refused with 501 feature_not_available. */
  unavailable: AgentType[];
}

interface AgentsArea {
  runs: Record<string, AgentRunRecord>;
  /** Run ids in the order started. */
  order: string[];
  /** Runs not yet ended. */
  active: string[];
  settings: AgentSettings;
}

const defaultAgentSettings = (): AgentSettings => ({ pace: { ...DEFAULT_AGENT_PACE }, fail_next: 0, unavailable: [] });

export function agentsArea(store: Store): AgentsArea {
  return store.area<AgentsArea>('smart_agents', () => ({ runs: {}, order: [], active: [], settings: defaultAgentSettings() }));
}

export function featureNotAvailable(type: AgentType): SandboxError {
  return publicError(501, {
    code: 'feature_not_available',
    problem: `The ${type} agent is not enabled for this workspace`,
    cause: 'This agent type is switched off; nothing was charged.',
    fix: 'Run another agent type, or try again later.',
    retryable: false,
    details: { agent_type: type },
  });
}

export interface NewAgentRun {
  organization_id: string;
  user_id: string;
  list_id: string;
  column_name: string;
  agent_type: AgentType;
  leads: readonly string[];
  task: AgentTask;
  credits_reserved: number;
}

/** Decides every lead's output and registers the run (its credits are already taken). */
export function startAgentRun(services: Pick<SandboxServices, 'store' | 'clock' | 'dataset'>, r: NewAgentRun): AgentRunRecord {
  const area = agentsArea(services.store);
  const s = area.settings;
  const rows = r.leads.map((id): AgentRow => {
    const lead = leadOf(services.store, r.organization_id, id);
    if (!lead) return { lead_id: id, value: null, error: 'The lead record was not found' };
    return { lead_id: id, ...agentOutput(services.dataset, lead, r.task) };
  });
  const fails = s.fail_next > 0;
  if (fails) s.fail_next--;
  const run: AgentRunRecord = {
    task_id: `${AGENT_RUN_PREFIX}${services.store.nextUuid('smart_agent')}`,
    organization_id: r.organization_id,
    user_id: r.user_id,
    list_id: r.list_id,
    column_name: r.column_name,
    agent_type: r.agent_type,
    rows,
    credits_reserved: r.credits_reserved,
    created_at: services.clock.iso(),
    started_at_ms: services.clock.now(),
    pending_ms: s.pace.pending_ms,
    row_ms: s.pace.row_ms,
    fails,
    written: 0,
    end: null,
  };
  area.runs[run.task_id] = run;
  area.order.push(run.task_id);
  area.active.push(run.task_id);
  return run;
}

const processingFrom = (run: AgentRunRecord) => run.started_at_ms + run.pending_ms;

/** Leads finished by `nowMs`: none while pending, then one every row_ms. */
function finishedAt(run: AgentRunRecord, nowMs: number): number {
  const elapsed = nowMs - processingFrom(run);
  if (elapsed < 0) return 0;
  if (run.row_ms === 0) return run.rows.length;
  return Math.min(run.rows.length, Math.floor(elapsed / run.row_ms));
}

/** Brings one run up to `nowMs`: writes the values of leads finished since, and ends it when due. */
function advance(services: Pick<SandboxServices, 'store'>, run: AgentRunRecord, nowMs: number): void {
  if (run.end) return;
  const org = services.store.organization(run.organization_id);
  if (run.fails) {
    if (nowMs < processingFrom(run)) return;
    if (org) refundCredits(org, run.credits_reserved);
    run.end = { status: 'failed', ended_at_ms: processingFrom(run), credits_charged: 0, credits_refunded: run.credits_reserved };
  } else {
    const done = finishedAt(run, nowMs);
    const list = listById(services.store, run.list_id);
    for (; run.written < done; run.written++) {
      const row = run.rows[run.written]!;
      if (list && row.value !== null) setColumnValue(list, run.column_name, row.lead_id, row.value);
    }
    if (done < run.rows.length) return;
    run.end = {
      status: 'completed',
      ended_at_ms: processingFrom(run) + run.rows.length * run.row_ms,
      credits_charged: run.credits_reserved,
      credits_refunded: 0,
    };
  }
  const area = agentsArea(services.store);
  area.active = area.active.filter((id) => id !== run.task_id);
}

/** Brings every unfinished run up to the clock. */
export function settleAgentRuns(services: Pick<SandboxServices, 'store' | 'clock'>): void {
  const area = agentsArea(services.store);
  if (area.active.length === 0) return;
  const now = services.clock.now();
  for (const id of [...area.active]) {
    const run = area.runs[id];
    if (run) advance(services, run, now);
  }
}

function agentRunNotFound(id: string): SandboxError {
  return publicError(404, {
    code: 'not_found',
    problem: `Smart-agent run ${id} was not found`,
    cause: "The id is unknown, or the run is over a list you cannot see (another member's private list, or another organization's).",
    fix: 'Use the smart_agent_task_id returned when the run started, or list runs with GET /smart-agents.',
    retryable: false,
  });
}

type Viewer = Pick<Principal, 'user' | 'organization'>;

/**
 * Whether the caller may see a run: a run is seen by whoever can see its list (as the list
 * routes decide), so a teammate's private list does not leak through its runs' results.
 */
function canSeeRun(store: Store, caller: Viewer, run: AgentRunRecord): boolean {
  const list = listById(store, run.list_id);
  return run.organization_id === caller.organization.id && list !== undefined && canView(list, caller);
}

/** A run the caller can see, else 404 not_found (as for unknown ids). */
export function findAgentRun(store: Store, caller: Viewer, id: string): AgentRunRecord {
  const area = agentsArea(store);
  const run = own(area.runs, id);
  if (!run || !canSeeRun(store, caller, run)) throw agentRunNotFound(id);
  return run;
}

/** The runs the caller can see, newest first. */
export function agentRunsOf(store: Store, caller: Viewer): AgentRunRecord[] {
  const area = agentsArea(store);
  return area.order.flatMap((id) => (area.runs[id] && canSeeRun(store, caller, area.runs[id]) ? [area.runs[id]] : [])).reverse();
}

function statusAt(run: AgentRunRecord, nowMs: number): AgentRunStatus {
  if (run.end) return run.end.status;
  return nowMs < processingFrom(run) ? 'pending' : 'processing';
}

/**
 * The rows a run shows, each one a lead processed: those finished so far; once the run
 * failed as a whole, every lead, each with no value and the reason (so failed <= processed).
 */
function shownRows(run: AgentRunRecord): AgentRow[] {
  if (run.end?.status === 'failed')
    return run.rows.map((r) => ({
      lead_id: r.lead_id,
      value: null,
      error: 'The run failed as a whole: nothing was written for this lead',
    }));
  return run.rows.slice(0, run.written);
}

const failedOf = (rows: readonly AgentRow[]) => rows.filter((r) => r.value === null).length;

/** A run as GET /smart-agents lists it. */
export function agentRunEntry(run: AgentRunRecord, nowMs: number): SmartAgentRun {
  const rows = shownRows(run);
  return {
    task_id: run.task_id,
    list_id: run.list_id,
    column_name: run.column_name,
    agent_type: run.agent_type,
    status: statusAt(run, nowMs),
    total: run.rows.length,
    processed: rows.length,
    failed: failedOf(rows),
    created_at: run.created_at,
  };
}

/** GET /smart-agents/{id}: what is finished so far, the settlement once ended. */
export function agentResults(run: AgentRunRecord, nowMs: number): SmartAgentResults {
  const rows = shownRows(run);
  const total = run.rows.length;
  const failed = failedOf(rows);
  return {
    smart_agent_task_id: run.task_id,
    status: statusAt(run, nowMs),
    progress: total === 0 ? 100 : Math.floor((100 * rows.length) / total),
    total,
    succeeded: rows.length - failed,
    failed,
    results: rows,
    list_id: run.list_id,
    column_name: run.column_name,
    agent_type: run.agent_type,
    credits_charged: run.end ? run.end.credits_charged : run.credits_reserved,
    credits_refunded: run.end ? run.end.credits_refunded : 0,
    ...(run.end?.status === 'failed'
      ? {
          message: `The run failed as a whole; its ${run.credits_reserved} credits were refunded in full and nothing was written to column "${run.column_name}".`,
        }
      : {}),
    timestamp_ms: nowMs,
  };
}
