import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nextCommand, sameCommand, sameCommandWith, shellWord } from '../../src/cli/command-line.js';
import { continuation } from '../../src/cli/paging-progress.js';
import type { Context } from '../../src/cli/context.js';

const globals = { sandbox: false, profile: undefined, baseUrl: undefined } as const;
/** The words a POSIX shell reads back from a printed line. */
const shellReads = (line: string) =>
  JSON.parse(
    execFileSync('sh', ['-c', `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${line}`], { encoding: 'utf8' }),
  ) as string[];

describe('commands printed for a person', () => {
  it('quotes every word so a shell reads back exactly the words', () => {
    const words = ['Q3 CTOs', "it's", '', 'a"b', '$HOME', '`id`', 'x;rm -rf y', '*', 'lst_abc', 'a=b,c:d/e.f@g%h+i'];
    expect(shellReads(words.map(shellWord).join(' '))).toEqual(words);
    expect(words.slice(-2).map(shellWord)).toEqual(['lst_abc', 'a=b,c:d/e.f@g%h+i']);
  });

  it('carries the flags that chose the service and identity', () => {
    expect(nextCommand({ globals }, ['enrich', 'status', 'wf_1', '--wait'])).toBe('prospect enrich status wf_1 --wait');
    expect(nextCommand({ globals: { sandbox: true, profile: 'my work', baseUrl: undefined } }, ['agents', 'results', 'sat_1'])).toBe(
      "prospect --sandbox --profile 'my work' agents results sat_1",
    );
    expect(nextCommand({ globals: { ...globals, baseUrl: 'https://api.example.com' } }, ['runs', 'ls'])).toBe(
      'prospect --base-url https://api.example.com runs ls',
    );
  });

  it('repeats this invocation, with a flag set anew in either spelling', () => {
    const argv = ['--profile', 'ops', 'lists', 'leads', 'Q3 CTOs', '--all', '--cursor', 'old', '--format=ndjson'];
    expect(sameCommand({ argv })).toBe("prospect --profile ops lists leads 'Q3 CTOs' --all --cursor old --format=ndjson");
    expect(sameCommandWith({ argv }, { '--cursor': 'c2' })).toBe(
      "prospect --profile ops lists leads 'Q3 CTOs' --all --format=ndjson --cursor c2",
    );
    expect(sameCommandWith({ argv: ['search', 'people', '--cursor=old'] }, { '--cursor': 'n' })).toBe('prospect search people --cursor n');
  });

  it('continues a listing from the next page: no second header, the rows left of --limit, the pages left of --max-pages', () => {
    const ctx = (format: string, argv: string[]) => ({ argv, out: { format } }) as unknown as Context;
    const argv = ['search', 'people', '--department', 'Sales', '--all', '--max-pages', '10'];
    expect(continuation(ctx('tsv', argv), 'c9', { pages: 4 })).toBe(
      'prospect search people --department Sales --all --cursor c9 --max-pages 4 --no-header',
    );
    const limited = ['search', 'people', '--department', 'Sales', '--limit', '250', '--max-pages', '2'];
    expect(continuation(ctx('ndjson', limited), 'c9', { rows: 50 })).toBe(
      'prospect search people --department Sales --max-pages 2 --cursor c9 --limit 50',
    );
    expect(continuation(ctx('ndjson', argv), 'c9')).toBe('prospect search people --department Sales --all --max-pages 10 --cursor c9');
    expect(sameCommandWith({ argv: ['lists', 'leads', 'constructor', '--all'] }, { '--cursor': 'c' })).toBe(
      'prospect lists leads constructor --all --cursor c',
    );
  });
});
