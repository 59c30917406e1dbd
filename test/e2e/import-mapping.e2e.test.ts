import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';

const t = useSandboxEnv({ withKey: true });
const run = (...args: string[]) => prospect(args, { env: t.env });

function csv(content: string): string {
  const f = path.join(tempDir(), 'export.csv');
  writeFileSync(f, content);
  return f;
}

/** A prospecting tool's export: qualified, region and phone-type headers, and company-level columns beside the person's. */
const EXPORT =
  'First Name,Last Name,Title,Company,Email Address,Mobile Phone Number,Work Direct Phone,Corporate Phone,Person Linkedin Url,Company Linkedin Url,' +
  'City,State/Province,Country/Region,Company City,Company Phone,Email Status\n' +
  'Ada,Lovelace,CTO,Analytical Engines,ada@analytical.example,+1 555 0100,+1 555 0101,+1 555 0199,https://www.linkedin.com/in/ada-lovelace,' +
  'https://www.linkedin.com/company/analytical,Austin,Texas,United States,London,+44 20 0000,Verified\n';

const EXPECTED_MAPPING = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email Address',
  mobile_phone: 'Mobile Phone Number',
  work_phone: 'Work Direct Phone',
  linkedin_url: 'Person Linkedin Url',
  company_name: 'Company',
  job_title: 'Title',
  city: 'City',
  state: 'State/Province',
  country: 'Country/Region',
};
const EXPECTED_UNMAPPED = ['Corporate Phone', 'Company Linkedin Url', 'Company City', 'Company Phone', 'Email Status'];

describe('import: headers of real exports', () => {
  it('--dry-run --json prints the mapping {canonical_field: header} and the headers left out; company-level columns stay out', async () => {
    const r = await run('import', 'Nowhere', csv(EXPORT), '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const plan = json(r.stdout);
    expect(plan.mapping).toEqual(EXPECTED_MAPPING);
    expect(plan.unmapped).toEqual(EXPECTED_UNMAPPED);
    expect(r.stderr).toContain('state <- "State/Province"');
    expect(r.stderr).toContain(`"Company Linkedin Url" (the company's, not the person's)`);
  });

  it('import --json reports the same mapping, and the lead gets the person’s place, not the company’s', async () => {
    const r = await run('import', 'Mapped', csv(EXPORT), '--create', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const report = json(r.stdout);
    expect(report).toMatchObject({ rows_imported: 1, mapping: EXPECTED_MAPPING, unmapped: EXPECTED_UNMAPPED });
    const leads = json((await run('lists', 'leads', 'Mapped', '--json')).stdout);
    const rows = leads.leads as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', title: 'CTO', location: 'Austin, Texas, United States' });
  });

  it('a full name written "Last, First" is imported split: first and last name in place, the full name in reading order', async () => {
    const file = csv(
      'Name,Email\n"Doe, John",john@doe.example\n"van der Berg, Mary Ann",mary@berg.example\nJane Roe,jane@roe.example\n"Smith, Adam, Jr.",adam@smith.example\n',
    );
    const r = await run('import', 'Names', file, '--create', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const leads = json((await run('lists', 'leads', 'Names', '--json')).stdout);
    const rows = leads.leads as Array<Record<string, unknown>>;
    const names = rows
      .map((l) => [l.email, l.first_name, l.last_name, l.full_name])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(names).toEqual([
      ['adam@smith.example', 'Adam', 'Smith', 'Adam Smith, Jr.'],
      ['jane@roe.example', 'Jane', 'Roe', 'Jane Roe'],
      ['john@doe.example', 'John', 'Doe', 'John Doe'],
      ['mary@berg.example', 'Mary Ann', 'van der Berg', 'Mary Ann van der Berg'],
    ]);
    expect(json(r.stdout)).toMatchObject({ rows_imported: 4, mapping: { full_name: 'Name', email: 'Email' }, unmapped: [] });
  });
});

describe('import: a bare URL column', () => {
  it('is left out, and the command printed to take it as the LinkedIn profile runs as printed', async () => {
    // LinkedIn's Connections.csv: URL holds the profile there, a website or a page in other exports.
    const dir = tempDir();
    const file = path.join(dir, 'Connections.csv');
    writeFileSync(
      file,
      'First Name,Last Name,URL,Email Address,Company,Position,Connected On\nAda,Lovelace,https://www.linkedin.com/in/ada-lovelace,,Analytical Engines,CTO,01 Jan 2024\n',
    );
    const r = await prospect(['import', 'Connections', file, '--create', '--dry-run'], { env: t.env, cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('"URL" (a profile or a website?)');
    const [line] = printedCommands(r.stderr);
    expect(line).toMatch(/--map linkedin_url=URL$/);
    // Spawns the binary: a printed command is run as a person pasting it would, through sh.
    const again = await runPrinted(`${line} --json`, { env: t.env, cwd: dir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(json(again.stdout).mapping).toMatchObject({ linkedin_url: 'URL', first_name: 'First Name', job_title: 'Position' });
  });
});
