import { EXPORT_LIMITS } from '../schemas/values/export.js';
import { endpoint, ref } from './endpoint.js';
import { cursorParam, limitParam, TAGS, textParam } from './params.js';
import { SAMPLE } from './samples.js';

/** Export of a list (free): a signed link to a CSV file, the file behind it, or the leads as paged JSON. */

export const exportEndpoints = {
  csvLink: endpoint({
    id: 'exports.csvLink',
    method: 'POST',
    path: '/export/csv/signed-url',
    kind: 'v2',
    scope: 'export:read',
    summary: 'A signed download link to a CSV of a list',
    description:
      'The list’s CSV as it is now, behind a link that works without credentials for 24 hours. Free and without side effects, so safe to repeat.',
    body: ref('CsvExportBody'),
    response: ref('CsvExportLink'),
    errors: { 404: ['list_not_found'], 502: ['internal_error'] },
    example: {
      body: { list_id: SAMPLE.listId, columns: ['first_name', 'last_name', 'email', 'title', 'company'], include_smart_agents: false },
      response: {
        list_id: SAMPLE.listId,
        download_url:
          'https://api.example.com/downloads/exports/exp_4d8e2a6c1f9b3e7d5a0c2b8f.csv?expires=1741166100&signature=9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c1b3d5f7e9a2c4b6d8f0e1a3c5b7d9f2e',
        expires_at: 1741166100,
        row_count: 2,
        file_size_bytes: 143,
      },
    },
    idempotent: true,
    published: { document: 'v2', operationId: 'exportCsvSignedUrl', tag: TAGS.export },
  }),
  json: endpoint({
    id: 'exports.json',
    method: 'GET',
    path: '/export/json',
    kind: 'v2',
    scope: 'export:read',
    summary: 'A page of a list as JSON',
    description: 'One page of a list’s leads with the chosen columns in order. Free; follow cursor until it is null.',
    query: [
      textParam('list_id', 'The list to export.', true),
      limitParam('limit', EXPORT_LIMITS.jsonPage, 'Page size'),
      cursorParam,
      {
        name: 'columns',
        description:
          'Columns in order, each named once, the parameter repeated once per column (columns=email&columns=title); omit for the defaults.',
        repeated: true,
        // The schema the handler validates the repeated values with.
        schema: ref('ExportColumns'),
      },
    ],
    response: ref('JsonExportPage'),
    errors: { 400: ['invalid_cursor'], 404: ['list_not_found'], 502: ['internal_error'] },
    example: {
      response: {
        list_id: SAMPLE.listId,
        leads: [
          { email: 'tae-yang.yoo@vividsavings.co.kr', title: 'VP of Customer Success' },
          { email: null, title: 'SVP of Operations' },
        ],
        total: 2,
        cursor: null,
      },
    },
    rows: 'leads',
    pages: { in: 'query' },
    idempotent: true,
    published: { document: 'v2', operationId: 'exportJson', tag: TAGS.export },
  }),
  download: endpoint({
    id: 'exports.download',
    method: 'GET',
    path: '/downloads/exports/:file',
    params: {
      file: 'The file: the last path segment of a download_url (exp_....csv); send the URL as it is, with its expires and signature.',
    },
    kind: 'root',
    scope: null,
    summary: 'The file behind a signed export link',
    description: 'The CSV file of a signed link, checked against its signature and expiry. Send no credentials: the link is its own proof.',
    errors: { 403: ['PERMISSION_DENIED'], 404: ['not_found'] },
    idempotent: true,
  }),
};
