import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChargeAboveQuoteError, CreditsError, MalformedQuoteError, type Prospect, type Quote } from '../../src/index.js';
import { balanceOf, seededList, useSdkSandbox } from './helpers.js';

/**
 * A quote that does not make sense spends nothing, and a run that took more than its approved
 * quote is an error (issue 31). No sandbox fault corrupts an answer's body, so a proxy in front
 * of the sandbox rewrites the estimate's answer and passes everything else through.
 */
const t = useSdkSandbox();

interface QuoteProxy {
  client: Prospect;
  /** What reached the service through the proxy: "METHOD /path". */
  seen: string[];
  close(): Promise<void>;
}

const proxies: QuoteProxy[] = [];
afterEach(async () => {
  for (const p of proxies.splice(0)) await p.close();
});

/**
 * A client whose estimates come back through `rewrite`; every other answer is the sandbox's own,
 * but a 2xx to a POST whose path ends with `loginPageFor`, which comes back as a login page.
 */
async function quoteProxy(
  rewrite: (quote: Record<string, unknown>) => Record<string, unknown>,
  loginPageFor?: string,
): Promise<QuoteProxy> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer());
    const answer = async () => {
      const path = req.url ?? '/';
      seen.push(`${req.method} ${new URL(path, 'http://x').pathname}`);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
      ) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(new URL(path, t.sb.url), { method: req.method!, headers, ...(body ? { body } : {}) });
      let text = await answer.text();
      if (req.method === 'POST' && path.endsWith('/credits/estimate') && answer.ok) text = JSON.stringify(rewrite(JSON.parse(text)));
      if (req.method === 'POST' && loginPageFor && path.endsWith(loginPageFor) && answer.ok) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<html><body>Sign in</body></html>');
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    };
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const client = t.clientWith({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  const proxy = { client, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
  proxies.push(proxy);
  return proxy;
}

const failure = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => expect.fail('the paid call went ahead'),
    (e: unknown) => e,
  );
const runsSent = (p: QuoteProxy) => p.seen.filter((r) => r === 'POST /api/v2/enrichment/bulk').length;

describe('a quote that does not make sense spends nothing', () => {
  it.each([
    ['estimated_cost null', { estimated_cost: null }, 'estimated_cost null is not a whole number of credits'],
    ['a negative estimated_cost', { estimated_cost: -5 }, 'estimated_cost -5 is not a whole number of credits'],
    ['a fractional estimated_cost', { estimated_cost: 1.5 }, 'estimated_cost 1.5 is not a whole number of credits'],
    ['sufficient not a boolean', { sufficient: 'yes' }, 'sufficient "yes" is not true or false'],
    ['no quote_id', { quote_id: null }, 'it has no quote_id'],
  ])('enrichment.bulk with %s: MalformedQuoteError before confirm, no run sent, the balance unchanged', async (_what, broken, problem) => {
    const list = await seededList(t, 'Broken quote', 6);
    const p = await quoteProxy((q) => ({ ...q, ...broken }));
    const before = await balanceOf(t);
    const confirm = vi.fn(() => true);
    const e = await failure(p.client.enrichment.bulk({ list_id: list, scope: 'full' }, { maxCredits: 1, confirm }));
    expect(e).toBeInstanceOf(MalformedQuoteError);
    expect(e).toBeInstanceOf(CreditsError);
    expect(e).toMatchObject({ code: 'quote_malformed' });
    expect((e as Error).message).toContain(problem);
    expect(confirm).not.toHaveBeenCalled();
    expect(p.seen).toContain('POST /api/v2/credits/estimate');
    expect(runsSent(p)).toBe(0);
    expect(await balanceOf(t)).toBe(before);
  });

  it('every paid method goes through the same verdict: enrichment.person with a negative quote sends nothing', async () => {
    const list = await seededList(t, 'Person', 0);
    const p = await quoteProxy((q) => ({ ...q, estimated_cost: -10 }));
    const before = await balanceOf(t);
    const e = await failure(
      p.client.enrichment.person({ lead_list_id: list, email: 'ada@example.com', enrichment_type: 'partial' }, { maxCredits: 0 }),
    );
    expect(e).toBeInstanceOf(MalformedQuoteError);
    expect(p.seen.filter((r) => r.includes('/enrichment/person'))).toEqual([]);
    expect(await balanceOf(t)).toBe(before);
  });

  it('a quote object you pass is checked too: nothing is read or sent', async () => {
    const list = await seededList(t, 'Given quote', 3);
    const quote = await t.client.credits.estimate({ tool: 'enrich_list', list_id: list, scope: 'partial' });
    t.sent.length = 0;
    const before = await balanceOf(t);
    const broken = { ...quote, estimated_cost: null } as unknown as Quote;
    const e = await failure(t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { quote: broken }));
    expect(e).toBeInstanceOf(MalformedQuoteError);
    const person = await failure(
      t.client.enrichment.person(
        { lead_list_id: list, email: 'ada@example.com' },
        { quote: { ...quote, sufficient: 'yes' } as unknown as Quote },
      ),
    );
    expect(person).toBeInstanceOf(MalformedQuoteError);
    expect(t.sent).toEqual([]);
    expect(await balanceOf(t)).toBe(before);
  });
});

describe('a run that took more than its approved quote is an error, never a silent success', () => {
  it('enrichment.bulk approved at 1 credit, the run reserving 66: ChargeAboveQuoteError carrying the run', async () => {
    const list = await seededList(t, 'Under-quoted', 6);
    const p = await quoteProxy((q) => ({ ...q, estimated_cost: 1 }));
    const before = await balanceOf(t);
    const e = await failure(p.client.enrichment.bulk({ list_id: list, scope: 'full' }, { maxCredits: 1 }));
    expect(e).toBeInstanceOf(ChargeAboveQuoteError);
    expect(e).toMatchObject({ code: 'charge_above_quote', charged: 66, approved: 1, details: { answer: { credits_reserved: 66 } } });
    // The service took what it reserved: the error says so rather than hiding it.
    expect(await balanceOf(t)).toBe(before - 66);
  });

  it('enrichment.person quoted free, the run reserving its price: ChargeAboveQuoteError', async () => {
    const list = await seededList(t, 'Person', 0);
    const p = await quoteProxy((q) => ({ ...q, estimated_cost: 0 }));
    const e = await failure(
      p.client.enrichment.person({ lead_list_id: list, email: 'ada@example.com', enrichment_type: 'partial' }, { maxCredits: 0 }),
    );
    expect(e).toMatchObject({ name: 'CreditsError', code: 'charge_above_quote', charged: 1, approved: 0 });
  });
});

describe('a paid run answered with something that is not JSON', () => {
  it('is not believed: the run is read back through its quote and paid once', async () => {
    const list = await seededList(t, 'Login page', 4);
    const p = await quoteProxy((q) => q, '/enrichment/bulk');
    const before = await balanceOf(t);
    const run = await p.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { maxCredits: 100 });
    expect(run.runs).toHaveLength(1);
    expect(run.runs[0]!.message).toContain('the run was found through its quote');
    // The first send started the run behind the login page; the resend with the same quote read it back.
    expect(runsSent(p)).toBe(2);
    // One run's charge (at most what it reserved, less what it refunded), not two.
    const charged = before - (await balanceOf(t));
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(run.runs[0]!.credits_reserved);
  });
});
