import { describe, expect, it } from 'vitest';
import { seededList, useSdkSandbox } from './helpers.js';

/**
 * Issue 40, round trip: client.lists.importCsv takes off the apostrophe `export csv` puts before a
 * cell starting with =, +, - or @ (the spec: "Cells starting with =, +, - or @ are written with a
 * leading apostrophe"), as `prospect import` does; `keepApostrophes: true` sends cells as written.
 */
const t = useSdkSandbox();

/** Three leads as the export writes them: a title, a phone and a company escaped, one quoted. */
const CSV =
  'first_name,last_name,email,title,company,phone\n' +
  `Ada,Lovelace,ada@a.example,"'=HYPERLINK(""https://evil.example"",""Open"")",Analytical,'+1 512 000 0000\n` +
  `Alan,Turing,alan@b.example,'-2+3,'@Bletchley,\n` +
  `Grace,Hopper,grace@c.example,CTO,Navy,'not a formula\n`;
const column_mapping = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  job_title: 'title',
  company_name: 'company',
  phone: 'phone',
};

async function leadsOf(listId: string) {
  const leads = await t.clientWith({}).lists.leads(listId).toArray({ limit: 100 });
  return Object.fromEntries(leads.map((l) => [l.first_name, { title: l.title, company: l.company, phone: l.phone }]));
}

describe('lists.importCsv undoes the export\u2019s formula apostrophe', () => {
  it('free and enriched imports store the values as they were before the export; keepApostrophes keeps them', async () => {
    const expected = {
      Ada: { title: '=HYPERLINK("https://evil.example","Open")', company: 'Analytical', phone: '+1 512 000 0000' },
      Alan: { title: '-2+3', company: '@Bletchley', phone: null },
      Grace: { title: 'CTO', company: 'Navy', phone: "'not a formula" },
    };
    const free = await seededList(t, 'Free', 0);
    await t.client.lists.importCsv(free, { csv: CSV, column_mapping, dispatch_enrichment: false });
    expect(await leadsOf(free)).toEqual(expected);

    // Every row holds an email: with partial the CSV goes free, through the enrichment's cutting.
    const enriched = await seededList(t, 'Enriched', 0);
    await t.client.lists.importCsv(
      enriched,
      { csv_content_base64: Buffer.from(CSV).toString('base64'), column_mapping, enrichment_type: 'partial' },
      { maxCredits: 0 },
    );
    expect(await leadsOf(enriched)).toEqual(expected);

    const kept = await seededList(t, 'Kept', 0);
    await t.client.lists.importCsv(kept, { csv: CSV, column_mapping, dispatch_enrichment: false, keepApostrophes: true });
    expect((await leadsOf(kept)).Ada).toEqual({
      title: `'=HYPERLINK("https://evil.example","Open")`,
      company: 'Analytical',
      phone: "'+1 512 000 0000",
    });
  });
});
