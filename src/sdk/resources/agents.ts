import { Agents as AgentsArea } from '../../api/resources/agents.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { SmartAgentRunBody, SmartAgentRunStarted } from '../../api/schemas/agents.js';
import { AGENT_RUN_TOOL, agentRunSend, refuseAgentRunGoing } from '../../workflows/agents/run-going.js';
import { pay, type SdkHost } from '../host.js';
import type { PaidOptions } from '../paid.js';

export type SmartAgentRunParams = Omit<SmartAgentRunBody, 'quote_id'>;

/** Smart agents: run one over leads of a list (paid, taken at start), list runs, read results (free). */
export class Agents extends AgentsArea {
  /** @internal */
  declare protected readonly host: SdkHost;

  /**
   * Starts a run (pending); wait for it with waitFor. While a run on the same list and column
   * is pending or processing, or another call's run request on it is on its way, throws
   * RunInProgressError (its runId is that run, null while its request is on its way) before
   * anything is priced or spent, whatever quote is given: a second run would pay again for the
   * leads the first has not written yet. An identical call on its way (of this client, or of
   * another face sharing its paid-run journal) is not refused: its run is returned. It is checked
   * again right before the run is sent, runs on one column taking turns.
   */
  async run(params: SmartAgentRunParams, opts: PaidOptions): Promise<SmartAgentRunStarted> {
    const since = Date.now();
    const api = this.host.api();
    const check = {
      signal: opts.signal,
      follow: (id: string) =>
        `Wait for it with client.agents.waitFor('${id}'); once it has ended, run again: leads holding a value by then are skipped.`,
      find: (list: string) =>
        `Find it with client.agents.list({ list_id: '${list}' }) and wait for it; once it has ended, run again: leads holding a value by then are skipped.`,
      journal: this.host.journal(),
    };
    const refuseGoing = () => refuseAgentRunGoing(api, params, { ...check, since, payAgain: opts.payAgain });
    const { beforeWrite, lockKey } = agentRunSend(api, params, check);
    // Checked after an identical earlier call whose answer was lost is resolved (it would be the run going);
    // with a quote given, the check just before the send is the one before pricing too.
    return pay(
      this.host,
      'client.agents.run',
      estimateBodyFor({ tool: AGENT_RUN_TOOL, body: params }),
      params,
      (b, call) => api.agents.sendRun(b, call),
      opts,
      {
        since,
        ...(opts.quote === undefined ? { beforePricing: refuseGoing } : {}),
        check: beforeWrite,
        lockKey,
      },
    );
  }
}
