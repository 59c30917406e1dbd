import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What every start of the CLI evaluates: the modules src/cli/main.ts reaches by static value
 * imports (an `import type` costs nothing; an `import()` runs only on its path). The catalog's
 * entries load by area when a request is first sent (lazyEntries), and the client with node:http
 * only when a command sends one, so a command evaluates only its area (bench/README, issue 32).
 */
const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

function staticImports(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)].map((m) => m[1]!);
  return specs.map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)).replace(/\.js$/, '.ts'));
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return seen;
}

describe('every start of the CLI', () => {
  const evaluated = closure('cli/main.ts');

  it('reaches the areas of the api (ctx.api) but none of their catalog entries, nor the client', () => {
    expect(evaluated.has('api/api.ts')).toBe(true);
    const entries = [...evaluated].filter(
      (f) => f.startsWith('api/endpoints/') && !['api/endpoints/endpoint.ts', 'api/endpoints/call.ts'].includes(f),
    );
    expect(entries, 'catalog entries evaluated at every start').toEqual([]);
    expect([...evaluated].filter((f) => ['api/client.ts', 'api/transport.ts', 'api/paid-call.ts', 'api/poll.ts'].includes(f))).toEqual([]);
  });
});
