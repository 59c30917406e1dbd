import { beforeAll, describe, expect, test } from 'vitest';
import { generateDataset, type Dataset, type PersonFacts } from '../../src/sandbox/data/index.js';
import { PROVIDERS, lookupPerson, matchPerson, type HitRates, type PersonIdentity } from '../../src/sandbox/engine/waterfall.js';

const SIZE = { people: 5000, companies: 500 };
const BOTH = { email: true, phone: true };
/** The spec-level promise of the providers together: about 84 % of existing emails and 66 % of phones. */
const EMAIL_RATE = 0.84;
const PHONE_RATE = 0.66;

let ds: Dataset;
beforeAll(() => {
  ds = generateDataset(42, SIZE);
});

const everyone = (): PersonFacts[] => Array.from({ length: ds.size.people }, (_, i) => ds.person(i));
const domainOf = (p: PersonFacts) => ds.company(p.company_index).domain;
const share = (hits: number, of: number) => hits / of;

/** Lookups of every person of the data set by id. */
function lookUpAll(wants = BOTH, rates?: HitRates) {
  return everyone().map((p) => ({ p, r: lookupPerson(ds, { person_lead_id: p.lead_id }, wants, rates) }));
}

describe('the same identity gives the same result', () => {
  test('twice in a row, and in a data set generated again from the same seed', () => {
    const again = generateDataset(42, SIZE);
    for (let i = 0; i < 300; i++) {
      const p = ds.person(i);
      const id: PersonIdentity = { first_name: p.first_name, last_name: p.last_name, company_domain: domainOf(p) };
      const first = lookupPerson(ds, id, BOTH);
      expect(lookupPerson(ds, id, BOTH)).toEqual(first);
      expect(lookupPerson(again, id, BOTH)).toEqual(first);
    }
  });

  test('a known person gives one result whichever identity names them', () => {
    for (let i = 0; i < 300; i++) {
      const p = ds.person(i);
      const byId = lookupPerson(ds, { person_lead_id: p.lead_id }, BOTH);
      expect(byId.person_index).toBe(i);
      expect(lookupPerson(ds, { linkedin_url: p.linkedin_url.toUpperCase() }, BOTH)).toEqual(byId);
      expect(
        lookupPerson(ds, { full_name: `${p.first_name} ${p.last_name}`, company_domain: `https://www.${domainOf(p)}/` }, BOTH),
      ).toEqual(byId);
    }
  });

  test('an unknown identity is matched to nothing but still gives the same answer every time', () => {
    const id: PersonIdentity = { first_name: 'Zelda', last_name: 'Quux', company_domain: 'nowhere.example' };
    const r = lookupPerson(ds, id, BOTH);
    expect(r.person_index).toBeNull();
    expect(lookupPerson(ds, { ...id }, BOTH)).toEqual(r);
  });
});

describe('found rates over the data set', () => {
  test('about 84 % of the emails and 66 % of the phones that exist are found, and exactly those values', () => {
    const all = lookUpAll();
    const withEmail = all.filter(({ p }) => p.email);
    const withPhone = all.filter(({ p }) => p.phone);
    expect(withEmail.length).toBeGreaterThan(2000);
    expect(withPhone.length).toBeGreaterThan(1000);
    const emailRate = share(withEmail.filter(({ r }) => r.email).length, withEmail.length);
    const phoneRate = share(withPhone.filter(({ r }) => r.phone).length, withPhone.length);
    expect(Math.abs(emailRate - EMAIL_RATE)).toBeLessThan(0.03);
    expect(Math.abs(phoneRate - PHONE_RATE)).toBeLessThan(0.03);
    for (const { p, r } of all) {
      if (r.email) expect(r.email).toBe(p.email);
      if (r.phone) expect(r.phone).toBe(p.phone);
    }
  });

  test('a person with no email (or no phone) in the data set is never found one', () => {
    const all = lookUpAll();
    const noEmail = all.filter(({ p }) => !p.email);
    const noPhone = all.filter(({ p }) => !p.phone);
    expect(noEmail.length).toBeGreaterThan(50);
    expect(noPhone.length).toBeGreaterThan(50);
    expect(noEmail.filter(({ r }) => r.email)).toEqual([]);
    expect(noPhone.filter(({ r }) => r.phone)).toEqual([]);
  });

  test('only the data points asked for are looked up; a found email is verified about 85 % of the time, else catch_all', () => {
    const emails = lookUpAll({ email: true, phone: false });
    expect(emails.filter(({ r }) => r.phone)).toEqual([]);
    const phones = lookUpAll({ email: false, phone: true });
    expect(phones.filter(({ r }) => r.email || r.email_status)).toEqual([]);
    const found = emails.filter(({ r }) => r.email);
    const verified = found.filter(({ r }) => r.email_status === 'verified').length;
    expect(found.every(({ r }) => r.email_status === 'verified' || r.email_status === 'catch_all')).toBe(true);
    expect(Math.abs(share(verified, found.length) - 0.85)).toBeLessThan(0.03);
  });

  test('the first provider answers most often; a lookup finding nothing names no provider', () => {
    const all = lookUpAll({ email: true, phone: false });
    const counts = new Map<string | null, number>();
    for (const { r } of all) counts.set(r.provider, (counts.get(r.provider) ?? 0) + 1);
    const names = PROVIDERS.map((p) => p.name);
    expect([...counts.keys()].filter((k) => k !== null && !names.includes(k))).toEqual([]);
    expect(counts.get(names[0]!)!).toBeGreaterThan(counts.get(names[1]!)!);
    expect(counts.get(names[1]!)!).toBeGreaterThan(counts.get(names[2]!)!);
    expect(all.filter(({ r }) => !r.email && r.provider !== null)).toEqual([]);
  });

  test('the documented provider rates combine to the documented 84 % and 66 %', () => {
    const combined = (point: 'email' | 'phone') => 1 - PROVIDERS.reduce((miss, p) => miss * (1 - p[point]), 1);
    expect(combined('email')).toBeCloseTo(EMAIL_RATE, 2);
    expect(combined('phone')).toBeCloseTo(PHONE_RATE, 2);
  });
});

describe('hit_rates overrides', () => {
  test('0 finds nothing at all', () => {
    expect(lookUpAll(BOTH, { email: 0, phone: 0 }).filter(({ r }) => r.email || r.phone)).toEqual([]);
  });

  test('1 finds everyone, people without an email in the data set included (built from their name and company domain)', () => {
    const all = lookUpAll(BOTH, { email: 1, phone: 1 });
    expect(all.filter(({ r }) => !r.email || !r.phone)).toEqual([]);
    for (const { p, r } of all) if (p.email) expect(r.email).toBe(p.email);
    const noEmail = all.find(({ p }) => !p.email)!;
    expect(noEmail.r.email).toMatch(new RegExp(`^[a-z]+\\.[a-z]+@${domainOf(noEmail.p).replace(/\./g, '\\.')}$`));
    const byUrl = lookupPerson(ds, { linkedin_url: noEmail.p.linkedin_url }, BOTH, { email: 1, phone: 1 });
    expect(byUrl).toEqual(noEmail.r);
  });

  test('an override applies to its data point only; null keeps the providers', () => {
    const all = lookUpAll(BOTH, { email: 0, phone: null });
    expect(all.filter(({ r }) => r.email)).toEqual([]);
    expect(all.filter(({ r }) => r.phone).map(({ r }) => r.phone)).toEqual(
      lookUpAll()
        .filter(({ r }) => r.phone)
        .map(({ r }) => r.phone),
    );
  });

  test('0.5 finds about half', () => {
    const all = lookUpAll({ email: true, phone: false }, { email: 0.5, phone: null });
    expect(Math.abs(share(all.filter(({ r }) => r.email).length, all.length) - 0.5)).toBeLessThan(0.03);
  });
});

describe('people outside the data set', () => {
  test('a found email is built from the ASCII-folded name and the domain; without a domain none can be', () => {
    const rates = { email: 1, phone: 1 };
    const r = lookupPerson(ds, { first_name: 'José', last_name: "O'Brien", company_domain: 'HTTPS://WWW.Example.ORG/team' }, BOTH, rates);
    expect(r).toMatchObject({ person_index: null, email: 'jose.obrien@example.org', provider: PROVIDERS[0]!.name });
    expect(r.phone).toMatch(/^\+1555\d{7}$/);
    expect(lookupPerson(ds, { first_name: 'José', last_name: "O'Brien" }, BOTH, rates).email).toBeNull();
  });

  test('about 70 % have an email at all, of which the providers find about 84 %', () => {
    let found = 0;
    const n = 3000;
    for (let i = 0; i < n; i++)
      if (lookupPerson(ds, { first_name: `Ann${i}`, last_name: 'Nobody', company_domain: 'unknown.example' }, BOTH).email) found++;
    expect(Math.abs(share(found, n) - 0.7 * EMAIL_RATE)).toBeLessThan(0.04);
  });
});

describe('matchPerson', () => {
  test('by person id', () => {
    expect(matchPerson(ds, { person_lead_id: ds.person(17).lead_id })).toBe(17);
    expect(matchPerson(ds, { person_lead_id: 'sp_unknown' })).toBeNull();
  });

  test('by LinkedIn URL in any spelling: scheme, www, case, trailing slash, query and fragment', () => {
    const p = ds.person(23);
    const path = p.linkedin_url.replace(/^https:\/\/www\./, '');
    for (const url of [
      p.linkedin_url,
      `http://${path}`,
      path,
      `www.${path}/`,
      `HTTPS://WWW.${path.toUpperCase()}`,
      `https://${path}?trk=abc#x`,
      `  ${p.linkedin_url}  `,
    ])
      expect(matchPerson(ds, { linkedin_url: url }), url).toBe(23);
    expect(matchPerson(ds, { linkedin_url: `${p.linkedin_url}0` })).toBeNull();
  });

  test('by email, case-insensitively', () => {
    const i = everyone().findIndex((p) => p.email);
    expect(matchPerson(ds, { email: ds.person(i).email!.toUpperCase() })).toBe(i);
    expect(matchPerson(ds, { email: 'nobody@nowhere.example' })).toBeNull();
  });

  test('by name at the company domain (first and last, or full name; case and domain spelling ignored)', () => {
    const p = ds.person(41);
    const d = domainOf(p);
    const same = (i: number | null) => {
      expect(i).not.toBeNull();
      const q = ds.person(i!);
      expect([q.first_name, q.last_name, q.company_index]).toEqual([p.first_name, p.last_name, p.company_index]);
    };
    same(
      matchPerson(ds, { first_name: p.first_name.toUpperCase(), last_name: p.last_name.toLowerCase(), company_domain: `https://www.${d}` }),
    );
    same(matchPerson(ds, { full_name: `${p.first_name} ${p.last_name}`, company_domain: d }));
    const elsewhere = ds.company((p.company_index + 1) % ds.size.companies).domain;
    expect(matchPerson(ds, { first_name: 'Nobody', last_name: 'Atall', company_domain: d })).toBeNull();
    const atOther = matchPerson(ds, { first_name: p.first_name, last_name: p.last_name, company_domain: elsewhere });
    expect(atOther === null || ds.person(atOther).company_index !== p.company_index).toBe(true);
    expect(matchPerson(ds, { first_name: p.first_name, last_name: p.last_name })).toBeNull();
  });

  test('by a full name whose first name has two words', () => {
    const p = everyone().find((q) => /\s/.test(q.first_name))!;
    expect(p).toBeDefined();
    const i = matchPerson(ds, { full_name: `  ${p.first_name}  ${p.last_name} `, company_domain: domainOf(p) });
    expect(ds.person(i!)).toMatchObject({ first_name: p.first_name, last_name: p.last_name, company_index: p.company_index });
  });

  test('a strong identifier that matches nobody falls through to the next one', () => {
    const p = ds.person(5);
    expect(matchPerson(ds, { person_lead_id: 'sp_unknown', linkedin_url: p.linkedin_url })).toBe(5);
    const byName = matchPerson(ds, {
      linkedin_url: 'https://www.linkedin.com/in/nobody',
      first_name: p.first_name,
      last_name: p.last_name,
      company_domain: domainOf(p),
    });
    expect(ds.person(byName!).company_index).toBe(p.company_index);
  });
});
