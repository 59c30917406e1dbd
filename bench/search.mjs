// People-search latency of the sandbox over loopback HTTP, at the default data set size and
// at 500,000 people: start time (generation and indexes) and p50 / p99 of POST /people/find
// for a mix of flat filters taken from the data (narrow and broad, first pages and deep pages)
// and one criteria-form search (a contains title match, evaluated by scanning).
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { target, targetTable } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { startSandbox } = require(path.join(here, '..', 'dist', 'sandbox-server.cjs'));

const SIZES = [
  { people: 50_000, companies: 5_000 },
  { people: 500_000, companies: 50_000 },
];
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 600);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(url, token, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Filters a user would send, with values taken from the generated people. */
function queries(ds) {
  const p = (i) => ds.person(i % ds.size.people);
  const c = (i) => ds.company(i % ds.size.companies);
  return [
    { name: 'one title', filters: { titles: [p(11).title] } },
    { name: 'seniority + department', filters: { seniority: ['Director'], departments: ['Sales'] } },
    { name: 'country + headcount band', filters: { location_country: [p(7).location_country], company_headcount: ['51-200'] } },
    { name: 'company domain', filters: { company_domains: [c(5).domain] } },
    { name: 'skill + language', filters: { skills: [p(3).skills[0]], languages: [p(3).languages[0]] } },
    { name: 'three seniorities (broad)', filters: { seniority: ['Senior', 'Entry', 'Manager'] } },
    { name: 'industry + city', filters: { company_industries: [c(9).industry], location_city: [p(9).location_city] } },
    {
      name: 'criteria: title contains + country',
      criteria: { jobTitlesInclude: ['Engineer'], jobTitleMatchType: 'contains', countriesInclude: [p(5).location_country] },
    },
  ];
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(size) {
  const t0 = performance.now();
  const sb = await startSandbox({ port: 0, dataset: size });
  const ds = sb.services.dataset;
  const startMs = performance.now() - t0;
  const rssMb = process.memoryUsage().rss / 1e6;
  const url = `${sb.url}/api/v2/people/find`;
  const control = (body) => post(`${sb.url}/__sandbox/clock`, '', body);
  const qs = queries(ds);
  const times = [];
  let cursors = new Map();
  for (let i = 0; i < REQUESTS; i++) {
    // Each 20 requests move the sandbox clock a day on, so rate limits never answer instead of the search.
    if (i % 20 === 0) await control({ advance_ms: 86_400_000 });
    const q = qs[i % qs.length];
    const cursor = i % 3 === 2 ? cursors.get(q.name) : undefined;
    const t = performance.now();
    const form = q.criteria ? { criteria: q.criteria } : { filters: q.filters };
    const r = await post(url, sb.demoKey, { ...form, limit: 100, ...(cursor ? { cursor } : {}) });
    times.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`search answered ${r.status}: ${JSON.stringify(r.body)}`);
    cursors.set(q.name, r.body.cursor ?? undefined);
  }
  await sb.close();
  times.sort((a, b) => a - b);
  return { size, startMs, rssMb, p50: pct(times, 0.5), p99: pct(times, 0.99), max: times[times.length - 1], n: times.length };
}

export async function benchSearch() {
  const out = [];
  for (const size of SIZES) out.push(await measure(size));
  agent.destroy();
  return out;
}

export function searchTable(results) {
  const f = (x) => x.toFixed(1);
  const rows = results.map(
    (r) =>
      `| ${r.size.people.toLocaleString('en-US')} / ${r.size.companies.toLocaleString('en-US')} | ${f(r.startMs)} | ${f(r.rssMb)} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${r.n} |`,
  );
  return [
    '| people / companies | start (ms) | rss (MB) | p50 (ms) | p99 (ms) | max (ms) | requests |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export const SEARCH_P99_TARGET_MS = 50;

export function searchTargets([a, b]) {
  const growth = b.p99 / a.p99;
  const scale = b.size.people / a.size.people;
  return [
    target(
      'search',
      `p99 at ${a.size.people.toLocaleString('en-US')} people`,
      `${a.p99.toFixed(1)} ms`,
      `under ${SEARCH_P99_TARGET_MS} ms`,
      a.p99 < SEARCH_P99_TARGET_MS,
    ),
    target(
      'search',
      `p99 growth for ${scale.toFixed(0)}x the people`,
      `${growth.toFixed(1)}x`,
      `no worse than linear (at most ${scale.toFixed(0)}x)`,
      growth <= scale,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchSearch();
  console.log(`${searchTable(result)}\n\n${targetTable(searchTargets(result))}`);
}
