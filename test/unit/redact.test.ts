import { describe, expect, it } from 'vitest';
import { isLoopbackHost, maskSecret, redactText } from '../../src/api/redact.js';
import { redactUrl } from '../../src/api/transport.js';

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

  it('takes the secrets out of signed storage URLs (credential, signature, token, key ids), keeping what is safe to show', () => {
    const urls = [
      'https://b.s3.amazonaws.com/x.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20310115%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20310115T100000Z&X-Amz-Expires=86400&X-Amz-Security-Token=FQoGZXIvYXdzEXAMPLE&X-Amz-SignedHeaders=host&X-Amz-Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
      'https://storage.googleapis.com/b/x.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40proj.iam.gserviceaccount.com%2F20310115%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20310115T100000Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature=8f4e0cEXAMPLE',
      'https://acct.blob.core.windows.net/c/x.csv?sv=2022-11-02&se=2031-01-16T10%3A00%3A00Z&sr=b&sp=r&sig=AzureSasEXAMPLE%3D',
      'https://d111.cloudfront.net/x.csv?Expires=1926417600&Policy=eyJTdGF0ZW1lbnQiEXAMPLE&Signature=CloudFrontEXAMPLE&Key-Pair-Id=APKAEIBAERJR2EXAMPLE',
      'https://b.s3.amazonaws.com/x.csv?AWSAccessKeyId=AKIAOLDSTYLEEXAMPLE&Expires=1926417600&Signature=OldStyleEXAMPLE',
      'https://storage.googleapis.com/b/x.csv?GoogleAccessId=exporter%40proj.iam.gserviceaccount.com&Expires=1926417600&Signature=GcsOldEXAMPLE',
      'https://user:hunter2@files.example.com/x.csv?access_token=ya29EXAMPLE&api_key=k123EXAMPLE&client_secret=s3EXAMPLE&expires=1926417600',
    ];
    for (const url of urls) {
      const shown = decodeURIComponent(redactUrl(new URL(url)));
      expect(shown, url).not.toMatch(/EXAMPLE|exporter@|hunter2/);
      expect(shown, url).toContain('REDACTED');
    }
    const s3 = new URL(redactUrl(new URL(urls[0]!))).searchParams;
    expect(Object.fromEntries(s3)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Date': '20310115T100000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-Credential': 'REDACTED',
    });
    expect(new URL(redactUrl(new URL(urls[2]!))).searchParams.get('se')).toBe('2031-01-16T10:00:00Z');
  });
});
