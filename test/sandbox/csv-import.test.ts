import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { call, expectOk, useListsSandbox } from './lists-helpers.js';
import { control } from './helpers.js';
import { b64, csvImport, expectCreated, expectPublicError, importBody, leadRecords, MAP, newList } from './csv-import-helpers.js';
import { CsvImportResponse } from '../../src/api/schemas/lists.js';

const cast = useListsSandbox();

const HEADER = 'Name,Email,Company,LinkedIn';

describe('POST /lead-lists/{list_id}/csv-import', () => {
  test('201: the rows become lead records and members of the list, free, with nothing skipped', async () => {
    const id = await newList(cast);
    const csv = `${HEADER}\nAnn Lee,ann@acme.io,Acme,\nBo Chan,,Bolt,https://linkedin.com/in/bochan\n`;
    const r = expectCreated(await csvImport(cast, id, importBody(csv)));
    expect(z.safeParse(CsvImportResponse, r).success).toBe(true);
    expect(r).toEqual({
      list_id: id,
      rows_parsed: 2,
      rows_imported: 2,
      rows_skipped: 0,
      skip_reasons: {},
      sample_skip_rows: [],
      workflow_id: null,
      enrichment_status_url: null,
      idempotency_replayed: false,
      timestamp_ms: expect.any(Number),
    });
    const leads = expectOk(await call(cast.sb, 'GET', `/lead-lists/${id}/leads`)).leads;
    expect(leads.map((l: any) => [l.full_name, l.first_name, l.last_name, l.email, l.company])).toEqual([
      ['Ann Lee', 'Ann', 'Lee', 'ann@acme.io', 'Acme'],
      ['Bo Chan', 'Bo', 'Chan', null, 'Bolt'],
    ]);
    expect(expectOk(await call(cast.sb, 'GET', `/lead-lists/${id}`)).lead_count).toBe(2);
    expect(expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits).toBe(5000);
  });

  test('lead fields: names completed from each other, the first phone given, the employer and its id by domain, the location from its parts', async () => {
    const id = await newList(cast);
    const known = cast.ds.company(3);
    const csv = [
      'First,Last,Full,Mail,Phone,Mobile,Work,Title,Company,Domain,City,State,Country',
      `Ann,Lee,,,,+1 555 0101,+1 555 0102,CTO,,https://www.${known.domain.toUpperCase()}/about,Austin,Texas,United States`,
      ',,Bo Van Chan,bo@x.io,+1 555 0200,+1 555 0201,,,Bolt Inc,unknown-domain.example,,,Canada',
      'Cy,,,cy@x.io,,,+1 555 0300,,,,,,',
    ].join('\n');
    const mapping = {
      first_name: 'First',
      last_name: 'Last',
      full_name: 'Full',
      email: 'Mail',
      phone: 'Phone',
      mobile_phone: 'Mobile',
      work_phone: 'Work',
      job_title: 'Title',
      company_name: 'Company',
      company_domain: 'Domain',
      city: 'City',
      state: 'State',
      country: 'Country',
    };
    expectCreated(await csvImport(cast, id, importBody(csv, { column_mapping: mapping })));
    const pick = (l: any) => ({
      first_name: l.first_name,
      last_name: l.last_name,
      full_name: l.full_name,
      email: l.email,
      phone: l.phone,
      title: l.title,
      company: l.company,
      company_domain: l.company_domain,
      company_id: l.company_id,
      location: l.location,
    });
    expect(leadRecords(cast, id).map(pick)).toEqual([
      {
        first_name: 'Ann',
        last_name: 'Lee',
        full_name: 'Ann Lee',
        email: null,
        phone: '+1 555 0101',
        title: 'CTO',
        company: known.name,
        company_domain: known.domain,
        company_id: known.company_id,
        location: 'Austin, Texas, United States',
      },
      {
        first_name: 'Bo',
        last_name: 'Van Chan',
        full_name: 'Bo Van Chan',
        email: 'bo@x.io',
        phone: '+1 555 0200',
        title: null,
        company: 'Bolt Inc',
        company_domain: 'unknown-domain.example',
        company_id: null,
        location: 'Canada',
      },
      {
        first_name: 'Cy',
        last_name: null,
        full_name: 'Cy',
        email: 'cy@x.io',
        phone: '+1 555 0300',
        title: null,
        company: null,
        company_domain: null,
        company_id: null,
        location: null,
      },
    ]);
  });

  test('every skip reason, counted, with the first skipped row numbers (header is row 1)', async () => {
    const id = await newList(cast);
    const rows = [
      HEADER, //                                               1
      'Ann Lee,ann@acme.io,Acme,', //                          2 imported
      'Bo Chan,bo@acme.io,Acme', //                            3 malformed_row (3 fields)
      'Cy Dee,not-an-email,Acme,', //                          4 invalid_email
      'Dee,,,', //                                             5 missing_required (a name without a company)
      ',,Acme,', //                                            6 missing_required
      'Eve Ng,ANN@ACME.IO,Other,', //                          7 duplicate_email (an earlier row)
      'Fay,,,https://www.linkedin.com/in/fay/', //             8 imported
      'Fay Two,,,http://linkedin.com/in/FAY', //               9 duplicate_linkedin_url
      'Gus Ho,,Acme,x,y', //                                  10 malformed_row (5 fields)
      '   ,  ,  ,  ', //                                      11 missing_required (blank counts as missing)
      'Hal Ito,hal@acme.io,Acme,', //                         12 imported
    ];
    const bad = Buffer.concat([
      Buffer.from(`${rows.join('\n')}\n`),
      Buffer.from('Iv'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(' Jo,iv@x.io,Acme,\n'),
    ]);
    const r = expectCreated(await csvImport(cast, id, importBody(bad)));
    expect(r).toMatchObject({
      rows_parsed: 12,
      rows_imported: 3,
      rows_skipped: 9,
      skip_reasons: {
        malformed_row: 2,
        invalid_email: 1,
        missing_required: 3,
        duplicate_email: 1,
        duplicate_linkedin_url: 1,
        invalid_encoding: 1,
      },
      sample_skip_rows: [3, 4, 5, 6, 7, 9, 10, 11, 13],
    });
    expect(leadRecords(cast, id).map((l) => l.full_name)).toEqual(['Ann Lee', 'Fay', 'Hal Ito']);
  });

  test('checks run in order: a bad email in a short row is malformed_row, a bad email in a row that is not UTF-8 is invalid_encoding', async () => {
    const id = await newList(cast);
    const csv = Buffer.concat([Buffer.from(`${HEADER}\nAl,nope,Acme\n`), Buffer.from([0xc3]), Buffer.from(',nope,,\n')]);
    const r = expectCreated(await csvImport(cast, id, importBody(csv)));
    expect(r.skip_reasons).toEqual({ malformed_row: 1, invalid_encoding: 1 });
    expect(r.sample_skip_rows).toEqual([2, 3]);
  });

  test('a row whose email or LinkedIn URL a lead of the list already has is a duplicate (case, scheme, www. and trailing slash ignored)', async () => {
    const id = await newList(cast);
    expectCreated(await csvImport(cast, id, importBody(`${HEADER}\nAnn Lee,Ann@Acme.io,Acme,https://www.linkedin.com/in/ann-lee/\n`)));
    const again = `${HEADER}\nA. Lee,ann@acme.IO,Acme,\nAnn L,,Acme,linkedin.com/in/ANN-LEE\nNew Person,new@acme.io,Acme,\n`;
    const r = expectCreated(await csvImport(cast, id, importBody(again)));
    expect(r).toMatchObject({
      rows_imported: 1,
      skip_reasons: { duplicate_email: 1, duplicate_linkedin_url: 1 },
      sample_skip_rows: [2, 3],
    });
    const other = await newList(cast, 'Other');
    expect(expectCreated(await csvImport(cast, other, importBody(again))).rows_imported).toBe(3);
  });

  test('a lead removed from the list, or refused with the whole batch, no longer counts as a duplicate', async () => {
    const id = await newList(cast);
    const first = `${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`;
    expectCreated(await csvImport(cast, id, importBody(first)));
    expect(expectCreated(await csvImport(cast, id, importBody(first))).skip_reasons).toEqual({ duplicate_email: 1 });
    const [ann] = leadRecords(cast, id);
    expectOk(await call(cast.sb, 'DELETE', `/lead-lists/${id}/leads`, { body: { lead_ids: [ann!.lead_id] } }));
    expect(expectCreated(await csvImport(cast, id, importBody(first))).rows_imported).toBe(1);
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 1 });
    const refused = await csvImport(cast, id, importBody(`${HEADER}\nBo Li,bo@acme.io,Acme,\n`));
    expect(refused.status).toBe(403);
    await control(cast.sb, 'POST', '/caps', { leads_per_list: null });
    expect(expectCreated(await csvImport(cast, id, importBody(`${HEADER}\nBo Li,bo@acme.io,Acme,\n`))).rows_imported).toBe(1);
  });

  test('sample_skip_rows lists the first 10 skipped rows only', async () => {
    const id = await newList(cast);
    const csv = [HEADER, ...Array.from({ length: 14 }, () => ',,,')].join('\n');
    const r = expectCreated(await csvImport(cast, id, importBody(csv)));
    expect(r).toMatchObject({ rows_parsed: 14, rows_skipped: 14, skip_reasons: { missing_required: 14 } });
    expect(r.sample_skip_rows).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('CSV forms', () => {
  test('UTF-8 with a BOM, CRLF line ends, quoted commas, quotes and newlines: rows count records, not lines', async () => {
    const id = await newList(cast);
    const csv = `\uFEFF${HEADER}\r\n"Lee, Ann",ann@acme.io,"Acme ""Labs""",\r\n"Bo\r\nChan",,Bolt,\r\n\r\nZoë Ålund,,,\r\n`;
    const r = expectCreated(await csvImport(cast, id, importBody(csv)));
    expect(r).toMatchObject({ rows_parsed: 3, rows_imported: 2, sample_skip_rows: [4], skip_reasons: { missing_required: 1 } });
    expect(leadRecords(cast, id).map((l) => [l.full_name, l.company])).toEqual([
      ['Lee, Ann', 'Acme "Labs"'],
      ['Bo\r\nChan', 'Bolt'],
    ]);
  });

  test('semicolon and tab separated files are read from their header; headers match trimmed and case-insensitively', async () => {
    const id = await newList(cast);
    expectCreated(await csvImport(cast, id, importBody('name; EMAIL ;Company;LinkedIn\nAnn Lee;ann@acme.io;Acme, Inc;\n')));
    expectCreated(await csvImport(cast, id, importBody('Name\tEmail\tCompany\tLinkedIn\nBo Chan\tbo@acme.io\tBolt\t\n')));
    expect(leadRecords(cast, id).map((l) => [l.full_name, l.email, l.company])).toEqual([
      ['Ann Lee', 'ann@acme.io', 'Acme, Inc'],
      ['Bo Chan', 'bo@acme.io', 'Bolt'],
    ]);
  });

  test('a header named in column_mapping but not in the CSV is a 400 naming it and the headers present; nothing is imported', async () => {
    const id = await newList(cast);
    const e = expectPublicError(
      await csvImport(
        cast,
        id,
        importBody(`${HEADER}\nAnn,a@x.io,Acme,\n`, { column_mapping: { ...MAP, job_title: 'Job Title', city: 'Town' } }),
      ),
      400,
      'validation_error',
    );
    expect(e.problem).toContain('"Job Title", "Town"');
    expect(e.details.missing_headers).toEqual(['Job Title', 'Town']);
    expect(e.details.headers).toEqual(['Name', 'Email', 'Company', 'LinkedIn']);
    expect(e.cause).toContain('"Name", "Email", "Company", "LinkedIn"');
    expect(leadRecords(cast, id)).toEqual([]);
  });

  test('an empty CSV, a CSV that does not parse (a quote never closed) and a header that is not UTF-8 are 400', async () => {
    const id = await newList(cast);
    expect(expectPublicError(await csvImport(cast, id, importBody('')), 400, 'validation_error').problem).toContain('empty');
    const open = expectPublicError(await csvImport(cast, id, importBody(`${HEADER}\n"Ann,a@x.io,Acme,\n`)), 400, 'validation_error');
    expect(open.problem).toContain('could not be parsed');
    const header = Buffer.concat([Buffer.from([0xff]), Buffer.from(`${HEADER}\nAnn,a@x.io,Acme,\n`)]);
    expect(expectPublicError(await csvImport(cast, id, importBody(header)), 400, 'validation_error').problem).toContain('UTF-8');
  });
});

describe('body checks', () => {
  test('422 from the schema: csv_content_base64 or column_mapping missing, an unknown canonical field, enrichment_type missing while dispatching', async () => {
    const id = await newList(cast);
    const csv = b64(`${HEADER}\n`);
    const locs = async (body: unknown) =>
      expectPublicError(await csvImport(cast, id, body), 422, 'validation_error').details.errors.map((e: any) => e.loc.join('.'));
    expect(await locs({ column_mapping: MAP, dispatch_enrichment: false })).toContain('body.csv_content_base64');
    expect(await locs({ csv_content_base64: csv, dispatch_enrichment: false })).toContain('body.column_mapping');
    expect((await locs({ csv_content_base64: csv, column_mapping: { title: 'Title' }, dispatch_enrichment: false })).join()).toContain(
      'column_mapping',
    );
    expect(await locs({ csv_content_base64: csv, column_mapping: MAP })).toEqual(['body']);
    expect(await locs({ csv_content_base64: csv, column_mapping: MAP, dispatch_enrichment: true })).toEqual(['body']);
    expect(await locs({ csv_content_base64: csv, column_mapping: MAP, dispatch_enrichment: true, enrichment_type: 'cheap' })).toContain(
      'body.enrichment_type',
    );
  });

  test('csv_content_base64 that is not base64 is a 400 validation_error; line-wrapped and unpadded base64 are read', async () => {
    const id = await newList(cast);
    for (const bad of ['not base64!', 'QUJD=A==', 'QUJDR', 'QU*D'])
      expectPublicError(await csvImport(cast, id, { ...importBody(''), csv_content_base64: bad }), 400, 'validation_error');
    const text = `${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`;
    const wrapped = b64(text).replace(/(.{16})/g, '$1\n');
    expect(expectCreated(await csvImport(cast, id, { ...importBody(''), csv_content_base64: wrapped })).rows_imported).toBe(1);
    const padded = b64(`${text}Bo Chan,bo@acme.io,Bolt,\n`);
    expect(padded).toMatch(/=$/);
    const unpadded = padded.replace(/=+$/, '');
    expect(expectCreated(await csvImport(cast, id, { ...importBody(''), csv_content_base64: unpadded })).rows_imported).toBe(1);
  });
});
