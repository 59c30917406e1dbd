import { describe, expect, test } from 'vitest';
import { canonicalJson, cursorBinding, decodeCursor, encodeCursor } from '../../src/sandbox/engine/cursors.js';
import type { SandboxError } from '../../src/sandbox/engine/errors.js';

const SECRET = 'a-test-secret-of-some-length';

function reason(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    const err = e as SandboxError;
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_cursor');
    return (err.body.fields.details as { reason: string }).reason;
  }
  throw new Error('expected invalid_cursor');
}

describe('cursors', () => {
  const binding = cursorBinding('POST /people/find', { filters: { titles: ['CTO'] } });

  test('round trip: the offset comes back for the same binding', () => {
    expect(decodeCursor(SECRET, encodeCursor(SECRET, binding, 300), binding)).toBe(300);
  });

  test('the binding ignores key order but not values or endpoints', () => {
    expect(cursorBinding('e', { a: 1, b: [1, 2] })).toBe(cursorBinding('e', { b: [1, 2], a: 1 }));
    expect(cursorBinding('e', { a: 1 })).not.toBe(cursorBinding('e', { a: 2 }));
    expect(cursorBinding('e', { a: 1 })).not.toBe(cursorBinding('f', { a: 1 }));
    expect(canonicalJson({ b: 1, a: { d: undefined, c: null } })).toBe('{"a":{"c":null},"b":1}');
  });

  test('malformed, forged and mismatched cursors are told apart', () => {
    const good = encodeCursor(SECRET, binding, 25);
    expect(reason(() => decodeCursor(SECRET, 'garbage', binding))).toBe('malformed');
    expect(reason(() => decodeCursor(SECRET, `${Buffer.from('{"o":-1,"b":"x"}').toString('base64url')}.sig`, binding))).toBe('malformed');
    const [payload, sig] = good.split('.') as [string, string];
    const raised = Buffer.from(JSON.stringify({ o: 10_000, b: binding })).toString('base64url');
    expect(reason(() => decodeCursor(SECRET, `${raised}.${sig}`, binding))).toBe('forged');
    expect(reason(() => decodeCursor('another-secret-entirely', good, binding))).toBe('forged');
    expect(
      reason(() => decodeCursor(SECRET, `${payload}.${sig}`, cursorBinding('POST /people/find', { filters: { titles: ['CEO'] } }))),
    ).toBe('mismatch');
  });
});
