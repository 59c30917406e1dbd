import { describe, expect, test } from 'vitest';
import { normalizeTitle } from '../../src/sandbox/engine/title-normalizer.js';
import { finished, importedList, listOf, started, useAgentSandbox, type Cast } from './smart-agents-helpers.js';

const cast = useAgentSandbox();

/** Runs an agent over every lead of a list and returns its results rows, in list order. */
async function outputs(
  c: Cast,
  list: string,
  fields: Record<string, unknown>,
  leads: number,
): Promise<Array<{ lead_id: string; value: string | null; error: string | null }>> {
  const r = await started(c, { list_id: list, lead_scope: 'all', overwrite: true, ...fields });
  const done = await finished(c, r.smart_agent_task_id, leads);
  expect(done.status).toBe('completed');
  return done.results;
}

const bulletsOf = (v: string | null) => (v ?? '').split('\n').filter((l) => l.startsWith('- '));

describe('title_normalizer', () => {
  test('expands abbreviations, fixes case and drops noise', async () => {
    const titles: Array<[string, string]> = [
      ['Sr. VP, Eng', 'Senior Vice President, Engineering'],
      ['DIRECTOR OF SALES | hiring!', 'Director of Sales'],
      ['sr software eng', 'Senior Software Engineer'],
      ['VP Sales & Mktg', 'Vice President of Sales & Marketing'],
      ['CTO & Co-Founder 🚀', 'Chief Technology Officer & Co-Founder'],
      ['Head of Eng @ Acme', 'Head of Engineering'],
      ['Eng Mgr (he/him)', 'Engineering Manager'],
      ['iOS Developer', 'iOS Developer'],
      ['Sales Director at Acme Corp', 'Sales Director'],
    ];
    const list = await importedList(
      cast,
      'Titles',
      titles.map(([title], i) => ({ name: `Lee Person${i}`, title, domain: 'acme.example' })),
    );
    const rows = await outputs(cast, list, { agent_type: 'title_normalizer', column_name: 'Title' }, titles.length);
    expect(rows.map((r) => r.value)).toEqual(titles.map(([, want]) => want));
  });

  test('a lead without a title, or with nothing but noise, gets no value and an error saying why', async () => {
    const list = await importedList(cast, 'Untitled', [
      { name: 'No Title', email: 'a@b.io' },
      { name: 'Only Noise', title: '#hiring', email: 'c@d.io' },
    ]);
    const rows = await outputs(cast, list, { agent_type: 'title_normalizer', column_name: 'Title' }, 2);
    expect(rows.map((r) => [r.value, r.error])).toEqual([
      [null, 'The lead has no title to normalize'],
      [null, 'Nothing of the title "#hiring" is left after removing noise'],
    ]);
    expect(normalizeTitle('Vice President of Engineering')).toBe('Vice President of Engineering');
  });
});

describe('company_intel and pain_point_hypothesis', () => {
  test('company_intel: 3 to 5 bullets from the company record; a lead with no known company gets null and the reason', async () => {
    const list = await listOf(cast, 'Saved', 6);
    const rows = await outputs(cast, list, { agent_type: 'company_intel', column_name: 'Intel' }, 6);
    for (const [i, r] of rows.entries()) {
      const company = cast.ds.company(cast.ds.person(i).company_index);
      const bullets = bulletsOf(r.value);
      expect(bullets.length).toBeGreaterThanOrEqual(3);
      expect(bullets.length).toBeLessThanOrEqual(5);
      expect(r.value).toContain(company.description);
      expect(r.value).toContain(`HQ: ${company.hq_location}.`);
      expect(r.value).toContain(`(${company.employee_count_range})`);
      if (company.tech_stack.length) expect(r.value).toContain(company.tech_stack[0]!);
    }
    const unknown = await importedList(cast, 'Unknown', [{ name: 'Ann Lee', title: 'CTO', domain: 'no-such-company.example' }]);
    const [row] = await outputs(cast, unknown, { agent_type: 'company_intel', column_name: 'Intel' }, 1);
    expect(row).toMatchObject({ value: null, error: expect.stringMatching(/No company record/) });
  });

  test('pain_point_hypothesis: 3 to 5 pain points from role and industry; without either, null and the reason', async () => {
    const list = await listOf(cast, 'Saved', 8);
    const rows = await outputs(cast, list, { agent_type: 'pain_point_hypothesis', column_name: 'Pains' }, 8);
    for (const [i, r] of rows.entries()) {
      const n = bulletsOf(r.value).length;
      expect([i, n >= 3 && n <= 5]).toEqual([i, true]);
      expect(r.value).toContain(`(${cast.ds.company(cast.ds.person(i).company_index).industry})`);
    }
    const bare = await importedList(cast, 'Bare', [
      { name: 'No Title', domain: 'no-such-company.example', email: 'x@y.io' },
      { name: 'Eng Only', title: 'sr eng', email: 'eng@y.io' },
    ]);
    const [none, engineer] = await outputs(cast, bare, { agent_type: 'pain_point_hypothesis', column_name: 'Pains' }, 2);
    expect(none).toMatchObject({ value: null, error: expect.stringMatching(/role .* industry/) });
    expect(bulletsOf(engineer!.value).length).toBeGreaterThanOrEqual(3);
  });
});

describe('custom_ai and cold_intro_email', () => {
  test('custom_ai answers the prompt with the lead\u2019s fields, the same text for the same lead and prompt', async () => {
    const list = await importedList(cast, 'People', [
      { name: 'Ann Lee', title: 'VP Sales', domain: 'acme.example' },
      { name: 'Bo Chan', title: 'Software Engineer', domain: 'acme.example' },
    ]);
    const ask = { column_name: 'Fit', prompt: 'Rate how well this lead fits our ICP' };
    const first = await outputs(cast, list, ask, 2);
    expect(first[0]!.value).toMatch(/^Score: \d+\/10\. Ann Lee is Vice President of Sales at /);
    expect(first[1]!.value).toMatch(/^Score: \d+\/10\. Bo Chan is Software Engineer at /);
    expect((await outputs(cast, list, ask, 2)).map((r) => r.value)).toEqual(first.map((r) => r.value));
    const opener = await outputs(cast, list, { column_name: 'Opener', prompt: 'Write a one-line opener' }, 2);
    expect(opener[0]!.value).toMatch(/^Hi Ann, .*Vice President of Sales/);
  });

  test('cold_intro_email fills every placeholder of the template with the lead and the sender', async () => {
    const list = await importedList(cast, 'Enriched', [{ name: 'Ann Lee', email: 'ann@acme.io', title: 'vp sales' }]);
    const [row] = await outputs(cast, list, { agent_type: 'cold_intro_email' }, 1);
    expect(row!.value).toMatch(
      /^Subject: Quick question for your company, Ann\n\nHi Ann,\n\nI came across your work as vp sales at your company/,
    );
    expect(row!.value).toMatch(/Best,\nDana/);
    expect(row!.value).not.toContain('{{');
  });
});
