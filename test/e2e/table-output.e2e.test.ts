import { describe, expect, it } from 'vitest';
import { runInProcess, sandboxClock } from '../helpers/in-process.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { control } from '../sandbox/helpers.js';

const t = useSandboxEnv({ withKey: true });
const LONG_NAME = 'Quarterly pipeline review for the enterprise accounts team';

/** A person's terminal of `columns` columns (with a session, for keys ls). */
const atTerminal = (argv: string[], columns: number) =>
  runInProcess(argv, {
    env: { ...t.env, PROSPECT_JWT: t.sb.mintJwt(), NO_COLOR: '1', COLUMNS: String(columns) },
    tty: true,
    clock: sandboxClock(t.sb),
  });

async function listWithLeads() {
  const made = await runInProcess(['lists', 'create', LONG_NAME, '--json'], { env: t.env, clock: sandboxClock(t.sb) });
  expect(made.code, made.stderr).toBe(0);
  const listId = JSON.parse(made.stdout).list_id as string;
  const saved = await runInProcess(['search', 'people', '--seniority', 'C-Suite', '--limit', '5', '--save-to', listId], {
    env: t.env,
    clock: sandboxClock(t.sb),
  });
  expect(saved.code, saved.stderr).toBe(0);
  const leads = await runInProcess(['lists', 'leads', listId, '--json'], { env: t.env, clock: sandboxClock(t.sb) });
  return { listId, leadIds: (JSON.parse(leads.stdout).leads as { lead_id: string }[]).map((l) => l.lead_id) };
}

describe('tables at a terminal', () => {
  it.each([80, 60])('never cut an id at %i columns: other columns are shortened or left out first', async (columns) => {
    const { listId, leadIds } = await listWithLeads();
    const lists = await atTerminal(['lists', 'ls'], columns);
    expect(lists.code, lists.stderr).toBe(0);
    expect(lists.stdout).toContain(listId);
    const leads = await atTerminal(['lists', 'leads', listId], columns);
    expect(leads.code, leads.stderr).toBe(0);
    for (const id of leadIds) expect(leads.stdout).toContain(id);
    for (const line of [...lists.stdout.split('\n'), ...leads.stdout.split('\n')]) expect(line.length).toBeLessThanOrEqual(columns);
    // The long name is what gives way.
    expect(lists.stdout).not.toContain(LONG_NAME);
  });

  it('keep the key column whole (keys revoke takes it as shown)', async () => {
    const keys = await atTerminal(['keys', 'ls'], 80);
    expect(keys.code, keys.stderr).toBe(0);
    const masked = /svcapi_\S+\.\.\.\S{4}/.exec(keys.stdout)?.[0];
    expect(masked, keys.stdout).toBeDefined();
    const shown = await runInProcess(['keys', 'ls', '--json'], { env: { ...t.env, PROSPECT_JWT: t.sb.mintJwt() } });
    const ids = JSON.parse(shown.stdout) as { keys?: { id: string }[] } | { id: string }[];
    const first = Array.isArray(ids) ? ids[0] : ids.keys?.[0];
    expect(keys.stdout).toContain(first?.id);
  });

  it('show amounts in the one number format of the messages; json keeps the number', async () => {
    await control(t.sb, 'POST', '/balance', { credits: 12345 });
    const table = await atTerminal(['credits', 'balance'], 80);
    expect(table.code, table.stderr).toBe(0);
    const json = await runInProcess(['credits', 'balance', '--json'], { env: t.env });
    expect(JSON.parse(json.stdout).credits).toBe(12345);
    expect(table.stdout).toMatch(/^credits\s+12,345$/m);
  });

  it('show control characters in server data written out, never obeyed; json keeps the data as it is', async () => {
    const name = 'Q3 \u001b]0;pwned\u0007\u001b[2J leads';
    const made = await runInProcess(['lists', 'create', name, '--json'], { env: t.env });
    expect(made.code, made.stderr).toBe(0);
    // The messages name it too: written out there as well.
    expect(made.stderr).toContain('Created list "Q3 \\u001b]0;pwned\\u0007\\u001b[2J leads"');
    expect(made.stderr).not.toContain('\u001b]');
    for (const argv of [
      ['lists', 'ls'],
      ['lists', 'get', JSON.parse(made.stdout).list_id as string],
    ]) {
      const shown = await atTerminal(argv, 200);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(shown.stdout).toContain('Q3 \\u001b]0;pwned\\u0007\\u001b[2J leads');
    }
    const data = await runInProcess(['lists', 'ls', '--json'], { env: t.env });
    expect(JSON.parse(data.stdout).lists.map((l: { name: string }) => l.name)).toContain(name);
  });

  it('colours, line breaks and direction overrides in server data are written out too: no forged lines, no hidden or reordered text', async () => {
    const name = 'x\u001b[8m hidden\n✓ Deleted every list (0 credits)\u202e';
    const made = await runInProcess(['lists', 'create', name, '--json'], { env: t.env });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain('Created list "x\\u001b[8m hidden\\u000a✓ Deleted every list (0 credits)\\u202e"');
    expect(made.stderr.split('\n').filter((l) => l.startsWith('✓'))).toHaveLength(1);
    for (const argv of [
      ['lists', 'ls'],
      ['lists', 'get', JSON.parse(made.stdout).list_id as string],
    ]) {
      const shown = await atTerminal(argv, 200);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
      expect(shown.stdout.split('\n').some((l) => l.startsWith('✓'))).toBe(false);
    }
  });

  it('error lines write out the control characters of what they name, never obey them; --json errors keep them', async () => {
    const name = 'Gone \u001b]0;pwned\u0007\u001b[2J list';
    const r = await runInProcess(['lists', 'get', name], { env: t.env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Gone \\u001b]0;pwned\\u0007\\u001b[2J list');
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    const j = await runInProcess(['lists', 'get', name, '--json'], { env: t.env });
    expect(JSON.parse(j.stderr).error.problem).toContain(name);
  });
});
