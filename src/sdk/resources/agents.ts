import { listSmartAgentRuns, runSmartAgent, smartAgentResults, waitForSmartAgent, type SmartAgentRunsQuery } from '../../api/resources/agents.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { SmartAgentResults, SmartAgentRunBody, SmartAgentRunStarted, SmartAgentRunsPage } from '../../api/schemas/agents.js';
import { Resource } from '../core.js';
import type { CallOptions, WaitOptions } from '../options.js';
import type { PaidOptions } from '../paid.js';

export type { SmartAgentRunsQuery };
export type SmartAgentRunParams = Omit<SmartAgentRunBody, 'quote_id'>;

/** Smart agents: run one over leads of a list (paid, taken at start), list runs, read results (free). */
export class Agents extends Resource {
  /** Starts a run (pending); wait for it with waitFor. */
  async run(params: SmartAgentRunParams, opts: PaidOptions): Promise<SmartAgentRunStarted> {
    return this.pay(estimateBodyFor({ tool: 'run_smart_agent', body: params }), params, runSmartAgent, opts);
  }

  /** Runs, most recent first. */
  async list(query: SmartAgentRunsQuery = {}, opts: CallOptions = {}): Promise<SmartAgentRunsPage> {
    return listSmartAgentRuns(this.core, query, opts);
  }

  /** A run's results so far (partial while it processes). */
  async results(id: string, opts: CallOptions = {}): Promise<SmartAgentResults> {
    return smartAgentResults(this.core, id, opts);
  }

  /** Polls a run until it completes or fails. */
  async waitFor(id: string, opts: WaitOptions<SmartAgentResults> = {}): Promise<SmartAgentResults> {
    return waitForSmartAgent(this.core, id, opts);
  }
}
