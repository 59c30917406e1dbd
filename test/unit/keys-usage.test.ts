import { describe, expect, it } from 'vitest';
import { bar } from '../../src/cli/output/bars.js';
import { resolveKey } from '../../src/commands/keys/shared/resolve-key.js';
import { keyState } from '../../src/commands/keys/ls.js';
import { futureInstant } from '../../src/commands/keys/create.js';
import { orderRows } from '../../src/commands/usage/usage.js';
import type { ManagedKey } from '../../src/api/schemas/keys.js';
import { isCliError } from '../../src/cli/errors.js';

const key = (id: string, prefix: string, last4: string, is_active = true): ManagedKey => ({
  id,
  name: id,
  key_prefix: prefix,
  key_last4: last4,
  created_at: '2031-01-01T00:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  request_count: 0,
  is_active,
});

function exitOf(f: () => unknown): number | undefined {
  try {
    f();
  } catch (e) {
    return isCliError(e) ? e.exitCode : -1;
  }
  return undefined;
}

describe('bar', () => {
  it('the largest value fills the width; others scale with eighths; zero is empty; tiny values still show', () => {
    expect(bar(10, 10, 5)).toBe('█████');
    expect(bar(5, 10, 5)).toBe('██▌');
    expect(bar(0, 10, 5)).toBe('');
    expect(bar(1, 10_000, 5)).toBe('▏');
    expect(bar(3, 0, 5)).toBe('');
  });
});

describe('resolveKey', () => {
  const keys = [key('id-1', 'svcapi_abc', 'WXYZ'), key('id-2', 'svcapi_abd', 'QQQQ'), key('id-3', 'svcapi_zzz', 'QQQQ', false)];
  it('by id, last 4, masked form, whole secret or prefix start', () => {
    expect(resolveKey(keys, 'id-2').id).toBe('id-2');
    expect(resolveKey(keys, 'WXYZ').id).toBe('id-1');
    expect(resolveKey(keys, 'svcapi_abc...WXYZ').id).toBe('id-1');
    expect(resolveKey(keys, `svcapi_abc${'x'.repeat(60)}WXYZ`).id).toBe('id-1');
    expect(resolveKey(keys, 'svcapi_zz').id).toBe('id-3');
    expect(resolveKey(keys, 'zzz').id).toBe('id-3'); // the prefix without svcapi_
  });
  it('of several matches the only active one is meant; otherwise exit 2; none is exit 4', () => {
    expect(resolveKey(keys, 'QQQQ').id).toBe('id-2');
    expect(exitOf(() => resolveKey(keys, 'svcapi_ab'))).toBe(2);
    expect(exitOf(() => resolveKey(keys, 'nope'))).toBe(4);
    expect(exitOf(() => resolveKey(keys, 'svcapi_abc...0000'))).toBe(4);
  });
});

describe('futureInstant', () => {
  const now = Date.parse('2030-06-01T00:00:00Z');
  it('takes ISO dates and date-times in the future, as UTC instants', () => {
    expect(futureInstant('2030-06-02', now)).toBe('2030-06-02T00:00:00.000Z');
    expect(futureInstant('2030-06-01T04:30:00+02:00', now)).toBe('2030-06-01T02:30:00.000Z');
  });
  it('refuses other text and the past (exit 2)', () => {
    for (const bad of ['next week', '06/02/2030', '2030-05-31', '2030-06-01T00:00:00Z'])
      expect(exitOf(() => futureInstant(bad, now))).toBe(2);
  });
});

describe('orderRows', () => {
  const rows = [
    { group: '2031-01-02', calls: 9, credits_spent: 0, errors: 0 },
    { group: '2031-01-01', calls: 1, credits_spent: 0, errors: 0 },
  ];
  it('days run in date order; other groupings keep the service order', () => {
    expect(orderRows(rows, 'day').map((r) => r.group)).toEqual(['2031-01-01', '2031-01-02']);
    expect(orderRows(rows, 'tool')).toBe(rows);
  });
});

describe('keyState', () => {
  it('an active key past its expires_at is expired; a revoked one is revoked whatever its expiry', () => {
    const now = Date.parse('2031-06-01T00:00:00Z');
    expect(keyState({ is_active: true, expires_at: null }, now)).toBe('active');
    expect(keyState({ is_active: true, expires_at: '2031-07-01T00:00:00Z' }, now)).toBe('active');
    expect(keyState({ is_active: true, expires_at: '2031-05-01T00:00:00Z' }, now)).toBe('expired');
    expect(keyState({ is_active: false, expires_at: '2031-05-01T00:00:00Z' }, now)).toBe('revoked');
  });
});
