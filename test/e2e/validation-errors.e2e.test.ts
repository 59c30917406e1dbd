import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { report } from '../../src/cli/main.js';
import * as words from '../../src/cli/route-text.js';
import type { Context } from '../../src/cli/context.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { commandSet } from '../../src/commands/command-table.js';

const t = useSandboxEnv({ withKey: true });
const run = (args: string[]) => prospect(args, { env: { ...t.env, NO_COLOR: '1' } });

describe("the service's validation errors, at a terminal", () => {
  it('a 422 gives each issue as `cause: field: message` with the flag that set it; the fix names no details.errors; no cause repeats them', async () => {
    const r = await run(['api', 'POST', '/lead-lists', '-f', 'name=']);
    expect(r.exitCode).toBe(2);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe('error: validation_error: The request body failed validation');
    expect(lines[1]).toMatch(/^ {2}cause: name: .+ \(-f name=\)$/);
    expect(r.stderr).not.toContain('body.name');
    expect(r.stderr.match(/cause:/g)).toHaveLength(1);
    expect(r.stderr).not.toContain('details.errors');
    expect(r.stderr).toContain('  fix: Correct the values above and run the command again.');
  });

  it("with --json the error object is the service's, unchanged", async () => {
    const r = await run(['api', 'POST', '/lead-lists', '-f', 'name=', '--json']);
    expect(r.exitCode).toBe(2);
    const e = JSON.parse(r.stderr).error;
    expect(e).toMatchObject({
      status: 422,
      code: 'validation_error',
      problem: 'The request body failed validation',
      cause: expect.stringMatching(/^body\.name: /),
      fix: 'Correct the fields listed in details.errors and send the request again.',
      details: { errors: [{ type: 'too_small', loc: ['body', 'name'], msg: expect.any(String) }] },
      exit_code: 2,
    });
    expect(r.stdout).toBe('');
  });
});

describe('report: validation issues (constructed errors)', () => {
  function shown(e: ApiError, argv: string[] = []): string {
    let text = '';
    const io = { stderr: { write: (s: string) => ((text += s), true) }, stderrIsTTY: false } as unknown as Context['io'];
    const ctx = { argv, secrets: new Set<string>() } as unknown as Context;
    report(e, { ctx, deps: { io, env: {}, binPath: 'prospect' }, commands: commandSet, json: false, debug: false, color: false, words });
    return text;
  }
  const issue = (loc: Array<string | number>, msg: string) => ({ type: 'value_error', loc, msg });

  it('fields are dotted without "body"/"query"; a flag is named only when the command line has it', () => {
    const e = new ApiError({
      status: 422,
      code: 'validation_error',
      problem: 'The request body failed validation',
      fix: 'Correct the fields listed in details.errors and send the request again.',
      details: {
        errors: [
          issue(['body', 'leads', 3, 'email'], 'not an email'),
          issue(['body', 'description'], 'too long'),
          issue(['query', 'limit_per_company'], 'too big'),
        ],
      },
    });
    const text = shown(e, ['lists', 'create', 'x', '--description', 'ddd', '--limit-per-company=9']);
    expect(text).toContain('  cause: leads.3.email: not an email\n');
    expect(text).toContain('  cause: description: too long (--description)\n');
    expect(text).toContain('  cause: limit_per_company: too big (--limit-per-company)\n');
    expect(shown(e, [])).toContain('  cause: description: too long\n');
  });

  it('a 400 whose one issue is the problem shows it once; a cause equal to the problem is dropped', () => {
    const msg = 'tool must be one of a, b; got "c"';
    const e = new ApiError({
      status: 400,
      code: 'validation_error',
      problem: msg,
      cause: `tool: ${msg}`,
      details: { errors: [issue(['body', 'tool'], msg)] },
    });
    const text = shown(e, ['estimate', '--tool', 'c']);
    expect(text).toBe(`error: validation_error: ${msg} (--tool)\n`);
    const same = new ApiError({ status: 400, code: 'bad_request', problem: 'Bad thing.', cause: 'bad thing' });
    expect(shown(same)).toBe('error: bad_request: Bad thing.\n');
  });
});
