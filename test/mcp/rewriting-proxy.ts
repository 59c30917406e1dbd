import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A service answering wrongly, which the sandbox cannot be made to do (its faults delay, drop or
 * replace an answer with an error): a local proxy in front of the sandbox that passes every
 * request on, and rewrites the JSON answer of the routes given a rewrite (the request was
 * handled: its effects stay).
 */
export interface RewritingProxy {
  url: string;
  /** "METHOD /path" (under /api/v2) -> what the answer becomes; cleared with `delete`. */
  rewrites: Map<string, (answer: Record<string, unknown>) => Record<string, unknown>>;
  close(): Promise<void>;
}

export async function rewritingProxy(target: string): Promise<RewritingProxy> {
  const rewrites: RewritingProxy['rewrites'] = new Map();
  const server = http.createServer((req, res) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]!.replace(/^\/api\/v2/, '')}`;
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers, agent: false }, (answer) => {
      const rewrite = rewrites.get(route);
      if (!rewrite || (answer.statusCode ?? 500) >= 300) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = JSON.stringify(rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>));
        const { 'content-length': _l, 'transfer-encoding': _t, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 200, { ...headers, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    rewrites,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
