import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ref, type SchemaSlot } from '../api/endpoints/endpoint.js';
import type { JsonSchema } from '../api/endpoints/json-schema.js';
import type { ToolSpec } from './tool.js';
import { inputSchema, outputSchema, standalone } from './tool-schema.js';
import { inToolWords } from './tool-words.js';

/** A tool as tools/list gives it: the entry's words and schemas, and hints that say what calling it can do. */

const PAID_NOTE =
  'Paid. Called without quote_id it prices this exact request and spends nothing: the answer holds the cost (the most it can charge), ' +
  'the balance and a quote_id. Called again with the same arguments and that quote_id, it runs that quote once, when the cost fits in ' +
  "what is left of the session's budget (--max-credits) or the person approves it. Where the client can ask the person, the server asks " +
  'instead and runs on their approval.';

export function readOnly(spec: ToolSpec): boolean {
  return spec.readOnly === true || (spec.entry.method === 'GET' && !spec.paid);
}

/**
 * A schema whose descriptions name this server's tools where they named routes. Only the few
 * nodes that change are copied (the rest is shared): it runs at every start, over every schema.
 */
function inToolWordsDeep(node: unknown, offered: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) {
    const out = node.map((n) => inToolWordsDeep(n, offered));
    return out.some((n, i) => n !== node[i]) ? out : node;
  }
  if (typeof node !== 'object' || node === null) return node;
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const said = k !== 'description' ? inToolWordsDeep(v, offered) : typeof v === 'string' ? inToolWords(v, offered) : v;
    if (said !== v) (copy ??= { ...node })[k] = said;
  }
  return copy ?? node;
}

/** A tool's input and output schemas, as tools/list gives them. */
export interface ToolSchemas {
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

/** Renders a tool's schemas from its entry (the build does it once for the bundle: tool-schemas.ts). */
export function schemasOf(spec: ToolSpec): ToolSchemas {
  const output = spec.paid ? paidOutput(spec) : outputSchema(spec);
  return { inputSchema: inputSchema(spec), ...(output ? { outputSchema: output } : {}) };
}

/** `offered`: the tools of this server, which the entry's words name instead of the routes they send. */
export function describeTool(spec: ToolSpec, offered: ReadonlySet<string>, schemas: ToolSchemas = schemasOf(spec)): Tool {
  const ro = readOnly(spec);
  const output = schemas.outputSchema;
  const description = [
    inToolWords(spec.entry.description, offered),
    spec.note,
    spec.paid ? PAID_NOTE : undefined,
    spec.destructive ? 'Needs confirm: true; it cannot be undone.' : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    name: spec.name,
    title: spec.title,
    description,
    inputSchema: inToolWordsDeep(schemas.inputSchema, offered) as Tool['inputSchema'],
    ...(output ? { outputSchema: inToolWordsDeep(output, offered) as Tool['outputSchema'] } : {}),
    annotations: {
      title: spec.title,
      readOnlyHint: ro,
      destructiveHint: !ro && spec.destructive === true,
      idempotentHint: ro || (spec.entry.idempotent === true && !spec.paid),
      openWorldHint: spec.openWorld === true,
    },
  };
}

const SPEND: JsonSchema = {
  type: 'object',
  description: "This session's spending.",
  properties: {
    spent_up_to: { type: 'number', description: "Most this session's runs can have charged (their quotes' cost)." },
    max_credits: { type: 'number', description: 'What the assistant may spend without asking the person (--max-credits).' },
    budget_left: { type: 'number', description: 'What is left of max_credits.' },
    approved_by_person: { type: 'number', description: 'Of spent_up_to, what the person approved when asked.' },
  },
  required: ['spent_up_to', 'max_credits', 'budget_left', 'approved_by_person'],
};

const QUOTE: SchemaSlot = ref('Quote');

/** A paid tool answers what happened (priced, ran, declined), the quote, the session's spending, and the run's answer once it ran. */
function paidOutput(spec: ToolSpec): JsonSchema {
  const quote = standalone(QUOTE, 'output');
  const result = outputSchema({ ...spec, paid: undefined }) ?? { type: 'object' };
  const { $defs: quoteDefs, ...quoteRoot } = quote;
  const { $defs: resultDefs, ...resultRoot } = result;
  const defs = { ...(quoteDefs as JsonSchema | undefined), ...(resultDefs as JsonSchema | undefined) };
  return {
    type: 'object',
    properties: {
      status: {
        type: 'string',
        enum: ['priced', 'ran', 'declined', 'nothing_to_do'],
        description:
          'priced: nothing spent, quote_id runs it; ran: result holds the answer; declined: the person said no, nothing spent; nothing_to_do: nothing needed doing, nothing priced or spent.',
      },
      quote: { anyOf: [quoteRoot, { type: 'null' }], description: 'The quote priced (null for a free request).' },
      spend: SPEND,
      preview: { description: 'What the run would do (a sync\u2019s preview).' },
      result: { ...resultRoot, description: 'The answer of the run, once it ran.' },
    },
    required: ['status', 'quote', 'spend'],
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
}
