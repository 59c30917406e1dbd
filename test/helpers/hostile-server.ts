import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server behind a base URL that answers as a broken or hostile one would, by path (under /api/v2 or not). */
export interface HostileServer {
  url: string;
  /** Bytes each endless answer had written when its client went away. */
  written: number[];
  /** Requests /rate-limited has had. */
  rateLimited(): number;
  close(): Promise<void>;
}

/**
 * `/endless`: an endless chunked JSON body. `/drip`: a byte every 20 ms, never done.
 * `/rate-limited`: 429 with Retry-After 60, every time. `/login`: a 200 login page (HTML).
 * `routes` maps other paths to one of those (`{ '/whoami': '/login' }`); anything else: `{}`.
 */
export async function startHostileServer(routes: Readonly<Record<string, string>> = {}): Promise<HostileServer> {
  const written: number[] = [];
  let rateLimited = 0;
  const server = http.createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/v2/, '');
    const path = routes[asked] ?? asked;
    if (path === '/endless') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (res.write(chunk)) sent += chunk.length;
        sent += chunk.length;
      };
      res.on('drain', pump);
      res.on('close', () => written.push(sent));
      res.write('{"a":"');
      pump();
    } else if (path === '/drip') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(t));
    } else if (path === '/rate-limited') {
      rateLimited++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' });
      res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests', retryable: true } }));
    } else if (path === '/login') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Sign in to the guest network</body></html>');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written,
    rateLimited: () => rateLimited,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
