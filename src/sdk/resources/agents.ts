import { listSmartAgentRuns, runSmartAgent, smartAgentResults, waitForSmartAgent, type SmartAgentRunsQuery } from '../../api/resources/agents.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { SmartAgentResults, SmartAgentRunBody, SmartAgentRunStarted, SmartAgentRunsPage } from '../../api/schemas/agents.js';
import { refuseAgentRunGoing } from '../../workflows/agents/run-going.js';
import { Resource } from '../core.js';
import type { CallOptions, WaitOptions } from '../options.js';
import type { PaidOptions } from '../paid.js';

export type { SmartAgentRunsQuery };
export type SmartAgentRunParams = Omit<SmartAgentRunBody, 'quote_id'>;

/** Smart agents: run one over leads of a list (paid, taken at start), list runs, read results (free). */
export class Agents extends Resource {
  /**
   * Starts a run (pending); wait for it with waitFor. While a run on the same list and column
   * is pending or processing, throws RunInProgressError (its runId is that run) before anything
   * is priced or spent, whatever quote is given: a second run would pay again for the leads the
   * first has not written yet. It is checked again just before the run is sent.
   */
  async run(params: SmartAgentRunParams, opts: PaidOptions): Promise<SmartAgentRunStarted> {
    const check = {
      signal: opts.signal,
      follow: (id: string) => `Wait for it with client.agents.waitFor('${id}'); once it has ended, run again: leads holding a value by then are skipped.`,
    };
    const refuseGoing = () => refuseAgentRunGoing(this.core, params, check);
    // Checked after an identical earlier call whose answer was lost is resolved (it would be the run going);
    // with a quote given, the check just before the send is the one before pricing too.
    return this.pay('client.agents.run', estimateBodyFor({ tool: 'run_smart_agent', body: params }), params, runSmartAgent, opts, {
      ...(opts.quote === undefined ? { beforePricing: refuseGoing } : {}),
      check: refuseGoing,
    });
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
