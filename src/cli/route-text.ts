import { nextCommand, type TargetGlobals as Globals } from './command-line.js';
import { routeCommand, routesNamedIn, runnableWords } from './route-commands.js';

/** Words only an HTTP client acts on: request fields and answer paths a person never types. */
export const HTTP_TERMS = /\bquote_id\b|\bpoll_url\b|\bdetails\.\w+|\{\w+\}|\bapproved: true\b|\/api\/v\d/;

/** Whether a text names an HTTP route ("POST /credits/estimate") or an HTTP-only term. */
export function speaksHttp(text: string): boolean {
  return routesNamedIn(text).length > 0 || HTTP_TERMS.test(text);
}

/**
 * A service text (an error's cause or fix) as a person reads it: a clause naming a route says
 * the prospect command instead, when the route gives all the command needs to run as printed;
 * a clause that still speaks HTTP is left out. When every clause is left out but a route maps
 * to a command, that command's help is the fix. Undefined when nothing is left to say.
 */
export function inOurWords(text: string, globals: Globals): string | undefined {
  if (!speaksHttp(text)) return text;
  const commands: string[] = [];
  const clause = (c: string): string | undefined => {
    let out = c;
    for (const route of routesNamedIn(c)) {
      const words = runnableWords(route);
      if (!words) return undefined;
      const command = nextCommand({ globals }, words);
      commands.push(command);
      out = out.replace(route.text, command);
    }
    return speaksHttp(out) ? undefined : out;
  };
  const sentences = text.split(/(?<=[.!?])\s+/).map((sentence) => {
    // Clauses and their separators: "a; b, or c" -> ['a', '; ', 'b', ', or ', 'c'].
    const parts = sentence.replace(/[.!?]$/, '').split(/(;\s+|,\s+or\s+)/);
    let joined = '';
    for (let i = 0; i < parts.length; i += 2) {
      const said = clause(parts[i]!);
      if (said === undefined) continue;
      joined += joined ? `${parts[i - 1]}${said}` : i > 0 ? said.charAt(0).toUpperCase() + said.slice(1) : said;
    }
    if (!joined) return '';
    // A sentence ending in a command leaves it bare, to be copied as it is.
    return commands.some((c) => joined.endsWith(c)) ? joined : `${joined}.`;
  });
  const said = sentences.filter(Boolean).join(' ');
  if (said) return said;
  const known = routesNamedIn(text)
    .map((r) => routeCommand(r.method, r.path)?.entry.command)
    .find((c): c is string => typeof c === 'string');
  return known ? `See: ${nextCommand({ globals }, [...known.split(' '), '--help'])}` : undefined;
}
