import { describe, expect, it } from 'vitest';
import { importsOf } from '../helpers/src-imports.js';

/**
 * What every start of the CLI evaluates: the modules its entry (src/cli/entry.ts) and the core
 * that entry requires (src/core.ts, dist/core.cjs) reach by static value imports (an `import type`
 * costs nothing; an `import()` runs only on its path). The core reaches the command table, whose
 * rows load each command with import(), so --help evaluates no command module. The catalog's
 * entries load by area when a request is first sent (lazyEntries), and the client with node:http
 * only when a command sends one, so a command evaluates only its area (bench/README, issue 32).
 */
function closure(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of importsOf(f).imports) if (i.kind === 'static' && i.to !== undefined) todo.push(i.to);
  }
  return seen;
}

describe('every start of the CLI', () => {
  const evaluated = closure(['cli/entry.ts', 'core.ts']);

  it('reaches the command table and the CLI core, but no module of a command', () => {
    expect(evaluated.has('commands/command-table.ts')).toBe(true);
    expect(evaluated.has('cli/main.ts')).toBe(true);
    const commandModules = [...evaluated].filter((f) => /^commands\/[^/]+\//.test(f));
    expect(commandModules, 'command modules evaluated at every start (load them in the table with import())').toEqual([]);
  });

  it('reaches the areas of the api (ctx.api) but none of their catalog entries, nor the client', () => {
    expect(evaluated.has('api/api.ts')).toBe(true);
    const entries = [...evaluated].filter(
      (f) => f.startsWith('api/endpoints/') && !['api/endpoints/endpoint.ts', 'api/endpoints/call.ts'].includes(f),
    );
    expect(entries, 'catalog entries evaluated at every start').toEqual([]);
    expect([...evaluated].filter((f) => ['api/client.ts', 'api/transport.ts', 'api/paid-call.ts', 'api/poll.ts'].includes(f))).toEqual([]);
  });
});
