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
      'The quote_id it answers runs the paid tool whose request it priced (the service refuses it for any other request). Simpler: call the paid tool itself without quote_id; it prices its exact request the same way.',
  },
  { name: 'usage', title: 'Usage report', entry: API.usage.get, toolset: 'read', rows: 'rows' },
];
