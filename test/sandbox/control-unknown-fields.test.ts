import { describe, expect, test } from 'vitest';
import { controlEndpoints } from '../../src/sandbox/control-endpoints.js';
import { control, raw, useResetSandbox } from './helpers.js';

/** Test controls refuse a body field they do not take with a 400 naming it, instead of quietly doing nothing. */

const t = useResetSandbox();
const post = (path: string, body: unknown) => raw(t.sb, 'POST', `/__sandbox${path}`, { body });
const errorOf = (r: { status: number; json: any }) => ({
  status: r.status,
  code: r.json?.error?.code,
  locs: r.json?.error?.details?.errors?.map((e: any) => e.loc),
});

describe('a control body with fields its control does not take', () => {
  test('a fault rule with a misspelled field is a 400 naming it, and no rule is added', async () => {
    const r = await post('/faults', { rules: [{ kind: 'latency', ms: 4000 }] });
    expect(errorOf(r)).toEqual({ status: 400, code: 'validation_error', locs: [['body', 'rules', 0, 'ms']] });
    expect(r.json.error.problem).toContain('rules.0.ms');
    expect((await control(t.sb, 'GET', '/faults')).rules).toEqual([]);
  });

  test('the rule sent without its `rules` wrapper names both of its fields', async () => {
    const r = await post('/faults', { kind: 'latency', ms: 4000 });
    expect(errorOf(r)).toEqual({
      status: 400,
      code: 'validation_error',
      locs: [
        ['body', 'kind'],
        ['body', 'ms'],
      ],
    });
  });

  test('fields are checked at any depth; the keys of a record are values, not fields', async () => {
    expect(errorOf(await post('/enrichment', { pace: { row_ms: 1, rows_ms: 2 } })).locs).toEqual([['body', 'pace', 'rows_ms']]);
    expect(errorOf(await post('/lists', { name: 'L', shares: { anyone: 'view' }, sharez: 1 })).locs).toEqual([['body', 'sharez']]);
  });

  test('a body the control takes is still served', async () => {
    expect((await control(t.sb, 'POST', '/faults', { rules: [{ kind: 'latency', latency_ms: 10, path: '/x' }] })).rules).toHaveLength(1);
  });

  for (const e of controlEndpoints().filter((x) => x.body)) {
    test(`${e.method} ${e.path} refuses an unknown field and documents the 400`, async () => {
      const path = `/__sandbox${e.path.replace(/:(\w+)/g, 'any')}`;
      const r = await raw(t.sb, e.method, path, { body: { not_a_field: 1 } });
      expect(errorOf(r)).toEqual({ status: 400, code: 'validation_error', locs: [['body', 'not_a_field']] });
      expect(e.errors?.[400]).toContain('validation_error');
    });
  }
});
