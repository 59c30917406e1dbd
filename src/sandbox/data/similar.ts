import type { Tables } from './tables.js';

/**
 * Similar companies by shared facets: industry, headcount band, revenue range, HQ country,
 * funding stage, company type and founding decade. The score is the share of facets shared.
 */

const FACETS = 7;

function facets(t: Tables): Uint16Array[] {
  return t.once('similarFacets', () => {
    const c = t.companies;
    const country = Uint16Array.from(c.city, (city) => t.countryOfCity(city));
    const decade = Uint16Array.from(c.founded, (y) => Math.floor(y / 10));
    return [
      Uint16Array.from(c.industry),
      Uint16Array.from(c.band),
      Uint16Array.from(c.revenueRange),
      country,
      Uint16Array.from(c.stage),
      Uint16Array.from(c.type),
      decade,
    ];
  });
}

export function similarCompanies(t: Tables, seed: number, limit: number): Array<{ index: number; score: number }> {
  const n = t.companies.count;
  if (seed < 0 || seed >= n || limit <= 0) return [];
  const columns = facets(t);
  // Bucket by shared count, so best first and ties by index fall out of one pass.
  const buckets: number[][] = Array.from({ length: FACETS + 1 }, () => []);
  for (let i = 0; i < n; i++) {
    if (i === seed) continue;
    let shared = 0;
    for (const col of columns) if (col[i] === col[seed]) shared++;
    if (shared > 0) buckets[shared]!.push(i);
  }
  const out: Array<{ index: number; score: number }> = [];
  for (let shared = FACETS; shared > 0 && out.length < limit; shared--)
    for (const index of buckets[shared]!) {
      if (out.length >= limit) break;
      out.push({ index, score: shared / FACETS });
    }
  return out;
}
