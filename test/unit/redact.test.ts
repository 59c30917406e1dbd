import { describe, expect, it } from 'vitest';
import { isLoopbackHost, maskSecret, redactText } from '../../src/api/redact.js';

const KEY = `svcapi_${'Ab3_-'.repeat(12)}abcd`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJlLXBhcnQ';

describe('redaction', () => {
  it('masks a key as its first 10 and last 4 characters', () => {
    expect(maskSecret(KEY)).toBe(`${KEY.slice(0, 10)}...abcd`);
    expect(maskSecret(undefined)).toBe('(none)');
    expect(maskSecret('short')).toBe('****');
  });

  it('masks known secrets and anything shaped like a key or a JWT', () => {
    const text = `unknown option '--api-key=${KEY}' and token ${JWT} and secret hunter2hunter2`;
    const out = redactText(text, ['hunter2hunter2']);
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(JWT);
    expect(out).not.toContain('hunter2hunter2');
    expect(out).toContain(maskSecret(KEY));
    expect(redactText(maskSecret(KEY))).toBe(maskSecret(KEY));
  });

  it('knows the loopback hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.9.8.7', '::1', '[::1]', 'app.localhost']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['example.com', '10.0.0.1', '128.0.0.1', '0.0.0.0', 'localhost.example.com']) expect(isLoopbackHost(h), h).toBe(false);
  });
});
