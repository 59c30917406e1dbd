import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTo } from '../../src/api/download.js';
import { Api } from '../../src/api/api.js';
import { ApiError, ConfigurationError } from '../../src/api/errors.js';

/** A local receiver standing in for a storage host: each path answers its own way; request headers are recorded. */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: http.IncomingHttpHeaders[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const h = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (h) h(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A writable that keeps only a count, and tells when its first chunk arrived. */
function counter() {
  let bytes = 0;
  let ended = false;
  let first!: () => void;
  const firstChunk = new Promise<void>((r) => (first = r));
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      first();
      done();
    },
    final(done) {
      ended = true;
      done();
    },
  });
  return {
    sink,
    firstChunk,
    get bytes() {
      return bytes;
    },
    get ended() {
      return ended;
    },
  };
}

const MB = Buffer.alloc(1024 * 1024, 'a');

describe('downloadTo', () => {
  it('streams the body into the writable as it arrives (the server waits for the first chunk before sending the rest) and sends no credentials', async () => {
    const c = counter();
    routes.set('/big.csv', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(8 * MB.length) });
      res.write(MB);
      void c.firstChunk.then(() => {
        for (let i = 1; i < 8; i++) res.write(MB);
        res.end();
      });
    });
    const got = await downloadTo(`${base}/big.csv?signature=abc`, c.sink);
    expect(got).toMatchObject({ status: 200, bytes: 8 * MB.length, contentLength: 8 * MB.length, contentType: 'text/csv' });
    expect(c.bytes).toBe(8 * MB.length);
    expect(c.ended).toBe(true);
    const headers = seen.at(-1)!;
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
  }, 5000);

  it('end: false leaves the writable open (stdout)', async () => {
    routes.set('/small.csv', (_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n'));
    const c = counter();
    expect((await downloadTo(`${base}/small.csv`, c.sink, { end: false })).bytes).toBe(4);
    expect(c.ended).toBe(false);
  });

  it('an error answer becomes the ApiError of its body', async () => {
    routes.set('/expired.csv', (_req, res) =>
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'forbidden', problem: 'The download link has expired' } })),
    );
    const e = await downloadTo(`${base}/expired.csv`, counter().sink).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 403, code: 'forbidden', problem: 'The download link has expired' });
  });

  it('what --debug traces and what an error shows carry no credential or signature of the signed URL', async () => {
    routes.set('/s3.csv', (_req, res) => res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":{"code":"forbidden"}}'));
    const query =
      'X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20310115%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Security-Token=TokEXAMPLE&X-Amz-Signature=SigEXAMPLE';
    const traces: unknown[] = [];
    const e = await downloadTo(`${base}/s3.csv?${query}`, counter().sink, { onTrace: (t) => traces.push(t) }).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 403 });
    expect(traces.map((t) => (t as { type: string }).type)).toEqual(['request', 'response']);
    const shown = JSON.stringify([traces, e, String(e)]);
    expect(shown).toContain('X-Amz-Credential=REDACTED');
    expect(shown).not.toContain('EXAMPLE');
  });

  it('a body cut short is a connection_reset error', async () => {
    routes.set('/cut.csv', (req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('x'.repeat(100), () => req.socket.destroy());
    });
    const e = await downloadTo(`${base}/cut.csv`, counter().sink).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 0, code: 'connection_reset' });
  });

  it('plain http is refused to anything but a loopback host', async () => {
    await expect(downloadTo('http://files.example.com/x.csv', counter().sink)).rejects.toBeInstanceOf(ConfigurationError);
  });
});

describe('exports.downloadCsv', () => {
  it('checks that exactly file_size_bytes arrived', async () => {
    // The link needs no credentials: no client of the service is made.
    const { exports } = new Api({ client: () => Promise.reject(new Error('no client')) });
    routes.set('/e.csv', (_req, res) => res.writeHead(200).end('lead_id\nld_1\n'));
    const link = { list_id: 'lst_1', download_url: `${base}/e.csv`, expires_at: 2_000_000_000, row_count: 1 };
    expect((await exports.downloadCsv({ ...link, file_size_bytes: 13 }, counter().sink)).bytes).toBe(13);
    const e = await exports.downloadCsv({ ...link, file_size_bytes: 20 }, counter().sink).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'connection_reset', causeText: 'the file has 13 bytes where the export announced 20' });
  });
});
