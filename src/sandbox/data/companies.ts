import { HEADCOUNT_BANDS } from '../../api/schemas/values/search.js';
import { EU_COUNTRIES, GRANT_MAKERS, INVESTOR_KINDS, ROOTS, companyName } from './company-names.js';
import { geography, geoPickers, type Geo } from './geo.js';
import { BASE_TECH, GOVERNMENT, HIGHER_EDUCATION, INDUSTRIES, NONPROFIT, SECTORS } from './industries.js';
import { nameBook } from './names.js';
import { Rng, WeightedPicker } from './prng.js';
import { asciiWords, slugify } from './text.js';

/** Companies, generated column by column; CompanyFacts are assembled from these on demand. */

export const FUNDING_STAGES = [
  'Pre-Seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Series D',
  'Series E+',
  'Private Equity',
  'Debt Financing',
  'Post-IPO Equity',
  'Grant',
  'Bootstrapped',
] as const;
type Stage = (typeof FUNDING_STAGES)[number];

export const COMPANY_TYPES = [
  'Privately Held',
  'Public Company',
  'Self-Owned',
  'Partnership',
  'Nonprofit',
  'Government Agency',
  'Educational',
] as const;
type CompanyType = (typeof COMPANY_TYPES)[number];

export const REVENUE_RANGES = ['$0-1M', '$1M-10M', '$10M-50M', '$50M-100M', '$100M-500M', '$500M-1B', '$1B+'] as const;
const REVENUE_BOUNDS = [1e6, 1e7, 5e7, 1e8, 5e8, 1e9];

export function revenueRangeOf(revenue: number): number {
  let r = 0;
  while (r < REVENUE_BOUNDS.length && revenue >= REVENUE_BOUNDS[r]!) r++;
  return r;
}

/** [min, max] employees of each headcount band; the last is open-ended in the spec. */
const BAND_LIMITS: ReadonlyArray<readonly [number, number]> = [
  [1, 10],
  [11, 50],
  [51, 200],
  [201, 500],
  [501, 1000],
  [1001, 5000],
  [5001, 10000],
  [10001, 400000],
];
const BAND_WEIGHTS = [22, 28, 22, 11, 7, 6, 2.5, 1.5];
/** The latest founding year plausible for each band. */
const BAND_LATEST_FOUNDED = [2024, 2024, 2023, 2021, 2019, 2017, 2014, 2012];

/** Funding stage weights for privately held companies, by band (columns in FUNDING_STAGES order; grants go to public bodies). */
const PRIVATE_STAGE_WEIGHTS: readonly number[][] = [
  [14, 14, 4, 0, 0, 0, 0, 0, 3, 2, 0, 60],
  [8, 18, 14, 5, 1, 0, 0, 1, 4, 0, 0, 47],
  [1, 8, 20, 16, 7, 2, 0, 6, 6, 0, 0, 33],
  [0, 2, 10, 18, 15, 6, 2, 12, 8, 0, 0, 26],
  [0, 0, 4, 12, 16, 12, 6, 18, 10, 0, 0, 22],
  [0, 0, 1, 5, 10, 14, 12, 26, 12, 0, 0, 20],
  [0, 0, 0, 2, 5, 10, 16, 32, 15, 0, 0, 20],
  [0, 0, 0, 0, 2, 6, 16, 36, 20, 0, 0, 20],
];

/** Second-level domains of public bodies and universities where the country has its own. */
const GOVERNMENT_SUFFIX: Readonly<Record<string, string>> = {
  USA: 'gov',
  GBR: 'gov.uk',
  AUS: 'gov.au',
  CAN: 'gc.ca',
  IND: 'gov.in',
  SGP: 'gov.sg',
  JPN: 'go.jp',
  KOR: 'go.kr',
  BRA: 'gov.br',
  ZAF: 'gov.za',
  NZL: 'govt.nz',
  FRA: 'gouv.fr',
  CHN: 'gov.cn',
  MEX: 'gob.mx',
  ARG: 'gob.ar',
  CHL: 'gob.cl',
  COL: 'gov.co',
  ISR: 'gov.il',
  ARE: 'gov.ae',
  NGA: 'gov.ng',
  KEN: 'go.ke',
  EGY: 'gov.eg',
  IDN: 'go.id',
  PHL: 'gov.ph',
};
const EDUCATION_SUFFIX: Readonly<Record<string, string>> = {
  USA: 'edu',
  GBR: 'ac.uk',
  AUS: 'edu.au',
  JPN: 'ac.jp',
  KOR: 'ac.kr',
  IND: 'ac.in',
  NZL: 'ac.nz',
  ZAF: 'ac.za',
  ISR: 'ac.il',
  CHN: 'edu.cn',
  SGP: 'edu.sg',
  PHL: 'edu.ph',
  IDN: 'ac.id',
  MEX: 'edu.mx',
  BRA: 'edu.br',
};

/** [earliest, latest] founding year a company at this stage usually has. */
const STAGE_FOUNDED: Readonly<Record<Stage, readonly [number, number]>> = {
  'Pre-Seed': [2019, 2024],
  Seed: [2016, 2024],
  'Series A': [2012, 2023],
  'Series B': [2008, 2022],
  'Series C': [2005, 2021],
  'Series D': [2000, 2020],
  'Series E+': [1998, 2018],
  'Private Equity': [1950, 2016],
  'Debt Financing': [1950, 2022],
  'Post-IPO Equity': [1950, 2015],
  Grant: [1950, 2024],
  Bootstrapped: [1950, 2024],
};

/** How many years back the last round may lie. */
const STAGE_ROUND_SPAN: Readonly<Record<Stage, number>> = {
  'Pre-Seed': 2,
  Seed: 3,
  'Series A': 4,
  'Series B': 4,
  'Series C': 5,
  'Series D': 5,
  'Series E+': 5,
  'Private Equity': 10,
  'Debt Financing': 8,
  'Post-IPO Equity': 12,
  Grant: 8,
  Bootstrapped: 0,
};

/** [min, max] investors named, and of which kind. */
const STAGE_INVESTORS: Readonly<Record<Stage, readonly [number, number, keyof typeof INVESTOR_KINDS | 'grant']>> = {
  'Pre-Seed': [1, 2, 'venture'],
  Seed: [1, 3, 'venture'],
  'Series A': [2, 3, 'venture'],
  'Series B': [2, 4, 'venture'],
  'Series C': [3, 5, 'venture'],
  'Series D': [3, 5, 'venture'],
  'Series E+': [3, 5, 'venture'],
  'Private Equity': [1, 2, 'privateEquity'],
  'Debt Financing': [1, 2, 'debt'],
  'Post-IPO Equity': [2, 4, 'public'],
  Grant: [1, 2, 'grant'],
  Bootstrapped: [0, 0, 'venture'],
};

/** Headcount growth in tenths of a percent, [min, max], by stage. */
const STAGE_GROWTH: Readonly<Record<Stage, readonly [number, number]>> = {
  'Pre-Seed': [-50, 1500],
  Seed: [-50, 1500],
  'Series A': [-50, 1200],
  'Series B': [-50, 900],
  'Series C': [-80, 600],
  'Series D': [-80, 600],
  'Series E+': [-80, 500],
  'Private Equity': [-150, 300],
  'Debt Financing': [-150, 300],
  'Post-IPO Equity': [-200, 250],
  Grant: [-100, 200],
  Bootstrapped: [-150, 300],
};

export const EMAIL_PATTERNS = ['first.last', 'flast', 'first', 'firstlast', 'first_last'] as const;
const EMAIL_PATTERN_WEIGHTS = [70, 10, 8, 6, 6];

/** The year the data set describes (company ages, last rounds, years in role). */
export const CURRENT_YEAR = 2025;

export const MAX_INVESTORS = 5;
export const MAX_TECH = 10;
const NO_DATE = 0;

export interface CompanyTable {
  count: number;
  name: string[];
  domain: string[];
  /** LinkedIn company slug. */
  slug: string[];
  description: string[];
  industry: Uint8Array;
  band: Uint8Array;
  employees: Int32Array;
  revenue: Float64Array;
  revenueRange: Uint8Array;
  city: Uint16Array;
  stage: Uint8Array;
  /** yyyymmdd, 0 when never funded. */
  fundingDate: Int32Array;
  founded: Uint16Array;
  type: Uint8Array;
  growthTenths: Int16Array;
  /** MAX_INVESTORS slots per company into investorNames; investorCount used. */
  investors: Uint16Array;
  investorCount: Uint8Array;
  /** MAX_TECH slots per company into techNames. */
  tech: Uint8Array;
  techCount: Uint8Array;
  emailPattern: Uint8Array;
  investorNames: string[];
  techNames: string[];
}

export function fundingDateString(yyyymmdd: number): string | null {
  if (yyyymmdd === NO_DATE) return null;
  const s = String(yyyymmdd);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** Fund names by kind, the same for every seed, and the ranges of each kind in one list. */
function investorBook(): { names: string[]; kinds: Record<string, [number, number]> } {
  const names: string[] = [];
  const kinds: Record<string, [number, number]> = {};
  for (const [kind, suffixes] of Object.entries(INVESTOR_KINDS)) {
    const start = names.length;
    ROOTS.forEach((root, i) => {
      if ((i * 7 + kind.length) % 3 !== 0) names.push(`${root} ${suffixes[(i * 5 + kind.length) % suffixes.length]}`);
    });
    kinds[kind] = [start, names.length];
  }
  for (const [region, makers] of Object.entries(GRANT_MAKERS)) {
    kinds[`grant:${region}`] = [names.length, names.length + makers.length];
    names.push(...makers);
  }
  return { names, kinds };
}

function techBook(): { names: string[]; at: Map<string, number> } {
  const names: string[] = [];
  const at = new Map<string, number>();
  const add = (t: string) => {
    if (!at.has(t)) at.set(t, names.push(t) - 1);
  };
  for (const group of BASE_TECH) group.forEach(add);
  for (const s of Object.values(SECTORS)) s.tech.forEach(add);
  return { names, at };
}

function skewedYear(rng: Rng, lo: number, hi: number): number {
  const n = hi - lo + 1;
  return lo + Math.max(rng.int(n), rng.int(n));
}

function employeesIn(rng: Rng, band: number): number {
  const [lo, hi] = BAND_LIMITS[band]!;
  if (band === BAND_LIMITS.length - 1) {
    const tier = rng.int(10);
    if (tier < 6) return rng.range(lo, 25000);
    if (tier < 9) return rng.range(25001, 100000);
    return rng.range(100001, hi);
  }
  // Smaller sizes within a band are more common.
  return lo + Math.min(rng.int(hi - lo + 1), rng.int(hi - lo + 1));
}

function companyType(rng: Rng, industry: string, band: number): CompanyType {
  if (industry === GOVERNMENT && rng.chance(85)) return 'Government Agency';
  if (industry === NONPROFIT && rng.chance(90)) return 'Nonprofit';
  if (industry === HIGHER_EDUCATION && rng.chance(70)) return 'Educational';
  const surnames = INDUSTRIES.find((i) => i.label === industry)?.surnames ?? false;
  const r = rng.int(100);
  const publicShare = [0, 1, 3, 6, 12, 25, 40, 55][band]!;
  if (r < publicShare) return 'Public Company';
  if (surnames && r < publicShare + 30) return 'Partnership';
  const selfOwned = [35, 15, 5, 2, 0, 0, 0, 0][band]!;
  if (r >= 100 - selfOwned) return 'Self-Owned';
  if (r < publicShare + 2) return 'Nonprofit';
  return 'Privately Held';
}

function fundingStage(rng: Rng, type: CompanyType, band: number, stagePicker: WeightedPicker[]): Stage {
  switch (type) {
    case 'Public Company':
      return rng.chance(90) ? 'Post-IPO Equity' : 'Debt Financing';
    case 'Nonprofit':
    case 'Government Agency':
    case 'Educational':
      return rng.chance(60) ? 'Grant' : 'Bootstrapped';
    case 'Self-Owned':
    case 'Partnership':
      return rng.chance(80) ? 'Bootstrapped' : 'Debt Financing';
    default:
      return FUNDING_STAGES[stagePicker[band]!.pick(rng)]!;
  }
}

function domainSuffix(rng: Rng, type: CompanyType, industry: string, iso3: string, tld: string, sector: string): string {
  if (type === 'Government Agency') return GOVERNMENT_SUFFIX[iso3] ?? tld;
  if (type === 'Nonprofit' || industry === NONPROFIT) return 'org';
  if (type === 'Educational') return EDUCATION_SUFFIX[iso3] ?? tld;
  const r = rng.int(100);
  if (sector === 'software' && r < 12) return 'io';
  if (sector === 'software' && r < 18) return 'ai';
  if (r >= 94) return 'co';
  if (r >= 64 && tld !== 'com') return tld;
  return 'com';
}

const LEGAL_WORDS = new Set(['llp', 'co', 'group', 'holdings', 'global', 'international', 'inc']);

/** Domain labels for a name, best first: "northwindlabs", "northwind-labs", "getnorthwind"... */
function domainLabels(name: string): string[] {
  const words = asciiWords(name, ' ')
    .split(' ')
    .filter((w) => w && !LEGAL_WORDS.has(w));
  const joined = words.join('');
  const labels = [joined, words.join('-')];
  if (words.length > 1) labels.push(words[0]!, `get${words[0]}`, `${words[0]}hq`);
  labels.push(`${joined}hq`, `try${joined}`);
  return labels.filter((l, i) => l && labels.indexOf(l) === i);
}

export function generateCompanies(seed: number, count: number, geo: Geo = geography()): CompanyTable {
  const rng = new Rng(seed, 1);
  const investorsBook = investorBook();
  const tech = techBook();
  const surnames = nameBook().last;
  const pickers = geoPickers(geo);
  const industryPicker = new WeightedPicker(INDUSTRIES.map((i) => i.weight));
  const bandPicker = new WeightedPicker(BAND_WEIGHTS);
  const stagePickers = PRIVATE_STAGE_WEIGHTS.map((w) => new WeightedPicker(w));
  const patternPicker = new WeightedPicker(EMAIL_PATTERN_WEIGHTS);

  const t: CompanyTable = {
    count,
    name: new Array<string>(count),
    domain: new Array<string>(count),
    slug: new Array<string>(count),
    description: new Array<string>(count),
    industry: new Uint8Array(count),
    band: new Uint8Array(count),
    employees: new Int32Array(count),
    revenue: new Float64Array(count),
    revenueRange: new Uint8Array(count),
    city: new Uint16Array(count),
    stage: new Uint8Array(count),
    fundingDate: new Int32Array(count),
    founded: new Uint16Array(count),
    type: new Uint8Array(count),
    growthTenths: new Int16Array(count),
    investors: new Uint16Array(count * MAX_INVESTORS),
    investorCount: new Uint8Array(count),
    tech: new Uint8Array(count * MAX_TECH),
    techCount: new Uint8Array(count),
    emailPattern: new Uint8Array(count),
    investorNames: investorsBook.names,
    techNames: tech.names,
  };

  // Companies at the first slots of a shuffled order get each country, industry, band, type
  // and funding stage once, so every value exists however the weights fall.
  const order = rng.permutation(count);
  const slotOf = new Int32Array(count);
  order.forEach((c, k) => (slotOf[c] = k));
  const typeSlots = 50;
  const stageSlots = typeSlots + COMPANY_TYPES.length;

  const usedNames = new Set<string>();
  const usedDomains = new Set<string>();
  const usedSlugs = new Set<string>();

  for (let c = 0; c < count; c++) {
    const slot = slotOf[c]!;
    const country = slot < geo.countries.length ? slot : pickers.country.pick(rng);
    const spec = geo.countries[country]!;
    const city = spec.cities[pickers.city[country]!.pick(rng)]!;
    const industryIndex = slot < INDUSTRIES.length ? slot : industryPicker.pick(rng);
    const industry = INDUSTRIES[industryIndex]!;
    const sector = SECTORS[industry.sector];
    const band = slot < HEADCOUNT_BANDS.length ? slot : bandPicker.pick(rng);
    const employees = employeesIn(rng, band);

    const forcedType = count > stageSlots + FUNDING_STAGES.length && slot >= typeSlots && slot < stageSlots;
    const type: CompanyType = forcedType ? COMPANY_TYPES[slot - typeSlots]! : companyType(rng, industry.label, band);
    const forcedStage = count > stageSlots + FUNDING_STAGES.length && slot >= stageSlots && slot < stageSlots + FUNDING_STAGES.length;
    const stage: Stage = forcedStage ? FUNDING_STAGES[slot - stageSlots]! : fundingStage(rng, type, band, stagePickers);
    const finalType: CompanyType = stage === 'Post-IPO Equity' ? 'Public Company' : type;

    const [stageLo, stageHi] = STAGE_FOUNDED[stage];
    const hi = Math.min(stageHi, BAND_LATEST_FOUNDED[band]!);
    const founded = skewedYear(rng, Math.min(stageLo, hi), hi);

    let fundingDate = NO_DATE;
    if (stage !== 'Bootstrapped') {
      const year = Math.max(founded, CURRENT_YEAR - rng.int(STAGE_ROUND_SPAN[stage] + 1));
      fundingDate = year * 10000 + rng.range(1, 12) * 100 + rng.range(1, 28);
    }

    const [minInv, maxInv, kind] = STAGE_INVESTORS[stage];
    const invCount = rng.range(minInv, maxInv);
    const poolKey =
      kind === 'grant' ? `grant:${GRANT_MAKERS[spec.iso3] ? spec.iso3 : EU_COUNTRIES.has(spec.iso3) ? 'EU' : 'default'}` : kind;
    const [poolLo, poolHi] = investorsBook.kinds[poolKey]!;
    let got = 0;
    for (let tries = 0; got < invCount && tries < 12; tries++) {
      const inv = poolLo + rng.int(poolHi - poolLo);
      let dup = false;
      for (let k = 0; k < got; k++) if (t.investors[c * MAX_INVESTORS + k] === inv) dup = true;
      if (!dup) t.investors[c * MAX_INVESTORS + got++] = inv;
    }
    t.investorCount[c] = got;

    const early = stage === 'Pre-Seed' || stage === 'Seed';
    const perHead = sector.revenuePerHead * 1000 * (0.4 + 1.2 * rng.float()) * (early ? 0.3 : 1);
    const revenue = Math.max(1000, Math.round((employees * perHead) / 1000) * 1000);

    const [gLo, gHi] = STAGE_GROWTH[stage];
    const techSlots: number[] = BASE_TECH.map((group) => tech.at.get(rng.pick(group))!);
    const extra = rng.range(1, 5);
    for (let k = 0; k < extra && techSlots.length < MAX_TECH; k++) {
      const id = tech.at.get(rng.pick(sector.tech))!;
      if (!techSlots.includes(id)) techSlots.push(id);
    }
    t.tech.set(techSlots, c * MAX_TECH);
    t.techCount[c] = techSlots.length;

    const cityName = geo.cities[city]!.name;
    let name = '';
    let domain = '';
    const suffix = domainSuffix(rng, finalType, industry.label, spec.iso3, spec.tld, industry.sector);
    for (let attempt = 0; !domain; attempt++) {
      name = companyName(rng, industry.nouns, {
        surnames: industry.surnames ? surnames : undefined,
        government: finalType === 'Government Agency' && industry.label === GOVERNMENT,
        city: cityName,
      });
      // After many clashes (a large data set), the city, then a number, tell equal names apart.
      if (attempt > 40) name = `${name} ${cityName}`;
      if (attempt > 80) name = `${name} ${attempt}`;
      if (usedNames.has(name.toLowerCase())) continue;
      domain =
        domainLabels(name)
          .map((l) => `${l}.${suffix}`)
          .find((d) => !usedDomains.has(d)) ?? '';
    }
    usedNames.add(name.toLowerCase());
    usedDomains.add(domain);
    let slug = slugify(name);
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    usedSlugs.add(slug);

    const offering = rng.pick(industry.offerings);
    const audience = rng.pick(sector.audiences);
    const verb = rng.pick(sector.verbs);
    t.description[c] = rng.chance(30)
      ? `Based in ${cityName}, ${name} ${verb} ${offering} for ${audience}.`
      : `${name} ${verb} ${offering} for ${audience}.`;

    t.name[c] = name;
    t.domain[c] = domain;
    t.slug[c] = slug;
    t.industry[c] = industryIndex;
    t.band[c] = band;
    t.employees[c] = employees;
    t.revenue[c] = revenue;
    t.revenueRange[c] = revenueRangeOf(revenue);
    t.city[c] = city;
    t.stage[c] = FUNDING_STAGES.indexOf(stage);
    t.fundingDate[c] = fundingDate;
    t.founded[c] = founded;
    t.type[c] = COMPANY_TYPES.indexOf(finalType);
    t.growthTenths[c] = rng.range(gLo, gHi);
    t.emailPattern[c] = patternPicker.pick(rng);
  }
  return t;
}
