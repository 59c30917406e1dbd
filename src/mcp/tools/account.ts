import { API } from '../../api/endpoints/index.js';
import type { ToolSpec } from '../tool.js';

/** Who the key is, the balance, prices and usage. */
export const accountTools: ToolSpec[] = [
  { name: 'whoami', title: 'Who am I', entry: API.identity.whoami, toolset: 'read' },
  { name: 'credits_balance', title: 'Credit balance', entry: API.credits.balance, toolset: 'read' },
  {
    name: 'credits_estimate',
    title: 'Price an operation',
    entry: API.credits.estimate,
    toolset: 'read',
    readOnly: true,
    mintsQuotes: true,
    note:
      'To run a paid tool, call that tool without quote_id instead: it prices exactly what it will send (enrich_list leaves out the leads that already hold what it finds; this prices every lead). ' +
      'A quote_id from here runs a paid tool only when it prices exactly that request.',
  },
  { name: 'usage', title: 'Usage report', entry: API.usage.get, toolset: 'read' },
];
