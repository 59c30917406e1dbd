/**
 * zod schemas of the request bodies, to check input before sending it (`schemas.CreateListBody.safeParse(x)`):
 * the service checks the same shapes and answers a
 * ValidationError when one fails; search filter keys and values are checked by the types of
 * PeopleFilters and CompanyFilters and by the service.
 */
export { PeopleFindBody, CompanySearchBody, CompileBody, FindAtCompaniesBody, SimilarCompaniesBody } from '../api/schemas/search.js';
export { CreateListBody, UpdateListBody, AddLeadsBody, RemoveLeadsBody, CsvImportBody, FindPeopleBody, CreateFolderBody } from '../api/schemas/lists.js';
export { PersonEnrichBody, CompanyEnrichBody, ByTaskEnrichBody, BulkEnrichBody } from '../api/schemas/enrichment.js';
export { EstimateBody } from '../api/schemas/credits.js';
export { SmartAgentRunBody } from '../api/schemas/agents.js';
export { CrmSyncBody, SequencerSyncBody, SyncPreviewBody } from '../api/schemas/sync.js';
export { CsvExportBody } from '../api/schemas/export.js';
export { CreateKeyBody } from '../api/schemas/keys.js';
export { LegacyBulkBody } from '../api/schemas/legacy.js';
