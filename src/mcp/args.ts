import * as z from 'zod/mini';
import type { Endpoint } from '../api/endpoints/endpoint.js';
import { schemaOf } from '../api/endpoints/schemas.js';
import type { Args } from './tool.js';

/** Arguments a tool adds to its entry's: never sent to the service. */
const TOOL_ARGS = ['fields', 'confirm', 'quote_id', 'pay_again'];

/** A bad argument, answered as a tool error (validation_error) before anything is sent. */
export class ToolArgError extends Error {
  constructor(
    message: string,
    readonly fix: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ToolArgError';
  }
}

export function argError(name: string, problem: string, fix: string): ToolArgError {
  return new ToolArgError(`${name}: ${problem}`, fix);
}

const pick = (args: Args, names: readonly string[]) =>
  Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));

/** The path parameters of the entry, from the arguments; each must be a non-empty string. */
export function paramsOf(e: Endpoint, args: Args): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(e.params ?? {})) {
    const v = args[name];
    if (typeof v !== 'string' || v === '')
      throw argError(name, v === undefined ? 'is required' : `${JSON.stringify(v)} is not an id`, `Pass ${name} as a string.`);
    out[name] = v;
  }
  return out;
}

/** The query parameters of the entry, from the arguments; a required one must be there. */
export function queryOf(e: Endpoint, args: Args): Record<string, string | number | boolean | string[]> {
  for (const q of e.query ?? [])
    if (q.required && (args[q.name] === undefined || args[q.name] === ''))
      throw argError(q.name, 'is required', `Pass ${q.name}: ${q.description}`);
  return pick(
    args,
    (e.query ?? []).map((q) => q.name),
  ) as Record<string, string | number | boolean | string[]>;
}

/** The body fields among the arguments: every argument but path and query parameters, the tool's own, and `except`. */
export function bodyArgs(e: Endpoint, args: Args, except: readonly string[] = []): Args {
  const skip = new Set([...Object.keys(e.params ?? {}), ...(e.query ?? []).map((q) => q.name), ...TOOL_ARGS, ...except]);
  return Object.fromEntries(Object.entries(args).filter(([k, v]) => !skip.has(k) && v !== undefined));
}

/** Checks a body against the entry's schema, as the service would: a refusal names each bad field. */
export function checkBody(e: Endpoint, body: Args): void {
  if (!e.body) return;
  const r = z.safeParse(schemaOf(e.body), body);
  if (r.success) return;
  const issues = r.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(arguments)'}: ${i.message}`);
  throw new ToolArgError(
    `bad arguments: ${issues.join('; ')}`,
    'Correct the named arguments (the tool\u2019s input schema lists each) and call again.',
    {
      errors: r.error.issues.map((i) => ({ loc: i.path, msg: i.message })),
    },
  );
}
