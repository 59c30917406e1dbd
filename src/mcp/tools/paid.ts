import { API } from '../../api/endpoints/index.js';
import type { Endpoint } from '../../api/endpoints/endpoint.js';
import { byTaskTool, estimateBodyFor, type PaidRun as QuotedRun } from '../../api/quote-shape.js';
import type { Api } from '../../api/api.js';
import type { PaidCallOptions } from '../../api/paid-call.js';
import type { Args, PaidRun, ToolEnv, ToolSpec } from '../tool.js';
import { bodyArgs, checkBody } from '../args.js';
import { enrichListTool } from './enrich-list.js';
import { agentsRunTool } from './agents-run.js';

/**
 * The paid tools: each prices its exact request (estimateBodyFor, the mapping the CLI and the
 * service's quote check share) and sends it through the area's send method that resolves a lost
 * answer through the quote, with the paid-run journal the call hands it.
 */

type Send = (api: Api, body: never, opts: PaidCallOptions) => Promise<unknown>;

function quoted(e: Endpoint, tool: (body: Args) => QuotedRun, send: Send, extra: (body: Args) => Args = () => ({})) {
  return async (args: Args, env: ToolEnv): Promise<PaidRun> => {
    const body = bodyArgs(e, args);
    checkBody(e, body);
    return {
      estimate: estimateBodyFor(tool(body)),
      // Not stopped by the tool call's cancellation: once decided, a paid request goes out whole and its answer is kept.
      send: (quoteId, journal) => send(env.api, { ...body, ...extra(body), quote_id: quoteId } as never, { journal }),
    };
  };
}

const as =
  <T extends QuotedRun['tool']>(tool: T) =>
  (body: Args) =>
    ({ tool, body }) as QuotedRun;

const STATUS = 'A run is async: follow it with run_status.';

export const paidTools: ToolSpec[] = [
  {
    name: 'enrich_person',
    title: 'Enrich one person',
    entry: API.enrichment.person,
    toolset: 'standard',
    note: STATUS,
    paid: quoted(API.enrichment.person, as('enrich_person'), (api, b, o) => api.enrichment.sendPerson(b, o)),
  },
  {
    name: 'enrich_company',
    title: 'Enrich one company',
    entry: API.enrichment.company,
    toolset: 'standard',
    paid: quoted(API.enrichment.company, as('enrich_company'), (api, b, o) => api.enrichment.sendCompany(b, o)),
  },
  {
    name: 'enrich_cohort',
    title: 'Enrich a search cohort',
    entry: API.enrichment.byTask,
    toolset: 'standard',
    note: `task_id is a people_search or lists_leads answer's task_id. ${STATUS}`,
    paid: quoted(
      API.enrichment.byTask,
      (b) => ({ tool: byTaskTool((b.data_points as string[] | undefined) ?? []), body: b }) as QuotedRun,
      (api, b, o) => api.enrichment.sendByTask(b, o),
    ),
  },
  enrichListTool,
  agentsRunTool,
  ...(['crm', 'sequencer'] as const).map((kind): ToolSpec => ({
    name: `sync_${kind}`,
    title: kind === 'crm' ? 'Push a list to a CRM' : 'Push a list into a sequencer campaign',
    entry: API.sync[kind],
    toolset: 'all',
    openWorld: true,
    note: 'The priced answer holds a preview of what would be pushed. The push cannot be undone.',
    args: { omit: ['approved'] },
    paid: async (args, env) => {
      const run = await quoted(
        API.sync[kind],
        as(kind === 'crm' ? 'sync_to_crm' : 'sync_to_sequencer'),
        (api, b, o) => (kind === 'crm' ? api.sync.sendCrm(b, o) : api.sync.sendSequencer(b, o)),
        () => ({ approved: true }),
      )(args, env);
      return { ...run, preview: await env.api.sync.preview(bodyArgs(API.sync[kind], args) as never, { signal: env.signal }) };
    },
  })),
];
