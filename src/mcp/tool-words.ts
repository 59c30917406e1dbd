import { entryNamed, PLACEHOLDER, routesNamedIn } from '../api/endpoints/routes-in-text.js';
import { TOOLS } from './tools/index.js';

/**
 * The service's texts name HTTP routes ("look values up with GET /people/find/filters"). An
 * assistant calls tools, so a route is said as the tool that sends it, or, when no tool of
 * this server does, as what it does (the entry's summary).
 */

/** Entry id -> the tool that sends it. */
let toolOf: Map<string, string> | undefined;

export function inToolWords(text: string, offered: ReadonlySet<string>): string {
  const named = routesNamedIn(text);
  if (named.length === 0) return text;
  let out = text;
  for (const r of named) {
    const hit = entryNamed(r.method, r.path);
    if (!hit) continue;
    toolOf ??= new Map(TOOLS.map((t) => [t.entry.id, t.name]));
    const tool = toolOf.get(hit.entry.id);
    const lead = r.text.startsWith('or ') ? 'or ' : '';
    const args = Object.entries({ ...r.query, ...hit.params })
      // A value still to be filled in is left for the assistant to fill.
      .filter(([, v]) => !PLACEHOLDER.test(v))
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    const said = tool && offered.has(tool) ? `the ${tool} tool${args.length ? ` (${args.join(', ')})` : ''}` : `"${hit.entry.summary}"`;
    out = out.replace(r.text, `${lead}${said}`);
  }
  return out;
}
