import type { SandboxServices } from '../context.js';
import { settleDue } from './enrichment.js';
import { settleAgentRuns } from './agents.js';

/** Ends every run that is due on the sandbox clock: enrichment workflows and smart-agent runs. */
export function settleRuns(services: SandboxServices): void {
  settleDue(services);
  settleAgentRuns(services);
}
