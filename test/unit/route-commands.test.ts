import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_COMMANDS, routeCommand, routesNamedIn, runnableWords } from '../../src/cli/route-commands.js';
import { inOurWords, speaksHttp } from '../../src/cli/route-text.js';
import { COMMANDS } from '../../src/commands/command-table.js';
import * as routeModules from '../../src/sandbox/routes/all.js';
import { PREFIX, type RouteDef } from '../../src/sandbox/router.js';

const SANDBOX = path.resolve(__dirname, '../../src/sandbox');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/**
 * Every route a text of the sandbox names (hints, error causes and fixes), read from its
 * source: string and template literals outside comments, `${...}` read as a value.
 */
function routesNamedBySandbox(): Array<{ route: string; where: string }> {
  const found: Array<{ route: string; where: string }> = [];
  for (const file of sourceFiles(SANDBOX)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        const text = line.replace(/\$\{[^}]*\}/g, 'x1');
        for (const r of routesNamedIn(text))
          found.push({ route: `${r.method} ${r.path}`, where: `${path.relative(SANDBOX, file)}:${i + 1}` });
      });
  }
  return found;
}

/** The sandbox's routes as the table writes them (v2 without its prefix, v1-only and key routes with theirs). */
function servedRoutes(): string[] {
  const defs = Object.values<RouteDef[]>(routeModules)
    .flat()
    .map((r) => r.endpoint);
  return defs
    .filter((d) => d.kind === 'v2' || d.kind === 'v1only' || d.kind === 'keys')
    .map((d) => {
      const prefix = d.kind === 'v2' ? '' : d.kind === 'v1only' ? PREFIX.v1 : PREFIX.keys;
      return `${d.method} ${(prefix + d.path.replace(/:(\w+)/g, '{$1}')).replace(/\/$/, '')}`;
    });
}

describe('the route table', () => {
  it('names only commands that exist, and each route once', () => {
    const names = new Set(COMMANDS.map((c) => c.path.join(' ')));
    const unknown = ROUTE_COMMANDS.filter((r) => r.command !== null && !names.has(r.command)).map(
      (r) => `${r.method} ${r.path} -> ${r.command}`,
    );
    expect(unknown).toEqual([]);
    const keys = ROUTE_COMMANDS.map((r) => `${r.method} ${r.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('has an entry for every route a sandbox hint, cause or fix names', () => {
    const named = routesNamedBySandbox();
    expect(named.length).toBeGreaterThan(30);
    const missing = named.filter((n) => !routeCommand(n.route.split(' ')[0]!, n.route.split(' ')[1]!));
    expect(missing).toEqual([]);
  });

  it('has an entry for every route the sandbox serves to API keys and session JWTs', () => {
    const missing = servedRoutes().filter((r) => !routeCommand(r.split(' ')[0]!, r.split(' ')[1]!));
    expect(missing).toEqual([]);
  });

  it('takes ids from the path and the query where the command needs them, and nothing from a placeholder', () => {
    const words = (text: string) => runnableWords(routesNamedIn(text)[0]!);
    expect(words('Poll GET /smart-agents/agent-1 for results')).toEqual(['agents', 'results', 'agent-1']);
    expect(words('Poll GET /api/v1/public/enrich/status?workflow_id=public_bulk_1.')).toEqual([
      'enrich',
      'legacy-status',
      '--workflow',
      'public_bulk_1',
    ]);
    expect(words('look values up with GET /people/find/filters?field=titles&query=cto or')).toEqual([
      'search',
      'people',
      'filters',
      'titles',
      'cto',
    ]);
    expect(words('look values up with GET /people/find/filters?field=titles&query=<text> or')).toBeUndefined();
    expect(words('Send a lead_id from GET /lead-lists/{list_id}/leads or a search row')).toBeUndefined();
    expect(words('GET /lead-lists/lst_1/find-people/status/fpw_2')).toEqual(['lists', 'find-people', 'lst_1', '--workflow', 'fpw_2']);
    expect(words('Save these rows to a list with POST /lead-lists/lst_1/leads and')).toBeUndefined();
    expect(
      routesNamedIn('Sync without it: POST /migrate/crm or /migrate/sequencer with a quote').map((r) => `${r.method} ${r.path}`),
    ).toEqual(['POST /migrate/crm', 'POST /migrate/sequencer']);
  });
});

describe('a service text in our words', () => {
  const g = { sandbox: true };
  it('a route with all its command needs becomes the command, runnable as printed (the target flags carried)', () => {
    expect(inOurWords('List the lists you can see with GET /lead-lists.', g)).toBe(
      'List the lists you can see with prospect --sandbox lists ls',
    );
    expect(inOurWords('Use the smart_agent_task_id returned when the run started, or list runs with GET /smart-agents.', g)).toBe(
      'Use the smart_agent_task_id returned when the run started, or list runs with prospect --sandbox agents ls',
    );
  });

  it('a clause naming a route no command runs as printed, or an HTTP-only term, is left out; the rest stays', () => {
    expect(
      inOurWords(
        'Connect crm_one in the application under Settings > Integrations, then sync again. GET /migrate/crm/connections shows what is connected.',
        g,
      ),
    ).toBe('Connect crm_one in the application under Settings > Integrations, then sync again.');
    expect(
      inOurWords(
        'Try the import again later; leads can still be saved to the list from a search with POST /lead-lists/{list_id}/leads.',
        g,
      ),
    ).toBe('Try the import again later.');
    expect(inOurWords('Poll the poll_url returned when the job was started.', { sandbox: false })).toBeUndefined();
    expect(inOurWords('Send a lead_id from GET /lead-lists/{list_id}/leads or a search row, or identify the person by email.', g)).toBe(
      'Identify the person by email.',
    );
  });

  it('when nothing is left, the help of the command that does it', () => {
    expect(inOurWords('Create a folder with POST /api/v1/public/folders and use its folder_id.', { sandbox: false })).toBe(
      'See: prospect folders create --help',
    );
    expect(
      inOurWords('Call POST /credits/estimate with tool enrich_list and the same request fields, then send its quote_id.', {
        sandbox: false,
      }),
    ).toBe('See: prospect credits estimate --help');
  });

  it('a text without routes is left as it is', () => {
    const text = 'Check the identifiers; a domain matches best.';
    expect(speaksHttp(text)).toBe(false);
    expect(inOurWords(text, g)).toBe(text);
  });

  it('every text of the sandbox naming a route (hint, problem, cause, fix, issue) reads without a route or an HTTP-only term', () => {
    const texts = sourceFiles(SANDBOX)
      .filter((file) => !file.includes(`${path.sep}openapi${path.sep}`))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .flatMap((line) => [...line.replace(/\$\{[^}]*\}/g, 'x1').matchAll(/(['`])((?:(?!\1).)*)\1/g)].map((m) => m[2]!))
      .filter((text) => routesNamedIn(text).length > 0);
    expect(texts.length).toBeGreaterThan(25);
    const stillHttp = texts.map((t) => [t, inOurWords(t, g)]).filter(([, t]) => t !== undefined && speaksHttp(t));
    expect(stillHttp).toEqual([]);
  });
});
