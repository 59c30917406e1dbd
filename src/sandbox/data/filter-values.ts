import { DEPARTMENTS, HEADCOUNT_BANDS, JOB_FUNCTIONS, MANAGEMENT_LEVELS, SENIORITY_LEVELS } from '../../api/schemas/values/search.js';
import type { FilterValueCount } from './dataset.js';
import { FUNDING_STAGES } from './companies.js';
import { INDUSTRIES } from './industries.js';
import type { Tables } from './tables.js';

/**
 * Filter-value look-ups: the values of a field with how many people (or companies) carry
 * each, most common first, ties in plain string order. Counted once per field.
 */

function ranked(counts: Map<string, number>): FilterValueCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** Counts of `valueOf(i)` over `n` rows; the values of a fixed list appear even when none carry them. */
function count(n: number, valueOf: (i: number) => string | null, fixed: readonly string[] = []): FilterValueCount[] {
  const counts = new Map<string, number>(fixed.map((v) => [v, 0]));
  for (let i = 0; i < n; i++) {
    const v = valueOf(i);
    if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return ranked(counts);
}

function table(t: Tables, kind: 'people' | 'companies', field: string): FilterValueCount[] | undefined {
  const p = t.people;
  const c = t.companies;
  const role = (i: number) => t.roles.roles[p.role[i]!]!;
  if (kind === 'people') {
    switch (field) {
      case 'titles':
        return count(p.count, (i) => role(i).title);
      case 'seniority':
        return count(p.count, (i) => role(i).seniority, SENIORITY_LEVELS);
      case 'departments':
        return count(p.count, (i) => role(i).department, DEPARTMENTS);
      case 'job_functions':
        return count(p.count, (i) => role(i).job_function, JOB_FUNCTIONS);
      case 'management_levels':
        return count(p.count, (i) => role(i).management_level, MANAGEMENT_LEVELS);
      case 'locations':
        return count(p.count, (i) => t.geo.cities[p.city[i]!]!.label);
      case 'company_headcount':
        return count(p.count, (i) => t.bandOf(p.company[i]!), HEADCOUNT_BANDS);
      case 'company_industries':
        return count(
          p.count,
          (i) => t.industryOf(p.company[i]!),
          INDUSTRIES.map((x) => x.label),
        );
    }
    return undefined;
  }
  switch (field) {
    case 'industries':
      return count(
        c.count,
        t.industryOf,
        INDUSTRIES.map((x) => x.label),
      );
    case 'employee_count_ranges':
      return count(c.count, t.bandOf, HEADCOUNT_BANDS);
    case 'locations':
      return count(c.count, t.hqOf);
    case 'funding_stages':
      return count(c.count, t.stageOf, FUNDING_STAGES);
  }
  return undefined;
}

export function filterValues(t: Tables, kind: 'people' | 'companies', field: string, query: string, limit: number): FilterValueCount[] {
  const all = t.once(`filterValues:${kind}:${field}`, () => table(t, kind, field)) ?? [];
  const q = query.toLowerCase();
  const out: FilterValueCount[] = [];
  for (const entry of all) {
    if (out.length >= limit) break;
    if (entry.value.toLowerCase().includes(q)) out.push({ ...entry });
  }
  return out;
}
