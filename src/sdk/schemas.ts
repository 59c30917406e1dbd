import * as search from '../api/schemas/search.js';
import * as lists from '../api/schemas/lists.js';
import * as enrichment from '../api/schemas/enrichment.js';
import * as credits from '../api/schemas/credits.js';
import * as agents from '../api/schemas/agents.js';
import * as sync from '../api/schemas/sync.js';
import * as exports from '../api/schemas/export.js';
import * as keys from '../api/schemas/keys.js';
import * as legacy from '../api/schemas/legacy.js';

/*
 * zod schemas of the request bodies, to check input before sending it
 * (`schemas.CreateListBody.safeParse(input)`): the service checks the same shapes and answers
 * a ValidationError when one fails. Only the schemas are exported here (their types are the
 * request types of the package); search filter keys and values are checked by the types of
 * PeopleFilters and CompanyFilters, and by the service.
 */

export const PeopleFindBody = search.PeopleFindBody;
export const CompanySearchBody = search.CompanySearchBody;
export const CompileBody = search.CompileBody;
export const FindAtCompaniesBody = search.FindAtCompaniesBody;
export const SimilarCompaniesBody = search.SimilarCompaniesBody;
export const CreateListBody = lists.CreateListBody;
export const UpdateListBody = lists.UpdateListBody;
export const AddLeadsBody = lists.AddLeadsBody;
export const RemoveLeadsBody = lists.RemoveLeadsBody;
export const CsvImportBody = lists.CsvImportBody;
export const FindPeopleBody = lists.FindPeopleBody;
export const CreateFolderBody = lists.CreateFolderBody;
export const PersonEnrichBody = enrichment.PersonEnrichBody;
export const CompanyEnrichBody = enrichment.CompanyEnrichBody;
export const ByTaskEnrichBody = enrichment.ByTaskEnrichBody;
export const BulkEnrichBody = enrichment.BulkEnrichBody;
export const EstimateBody = credits.EstimateBody;
export const SmartAgentRunBody = agents.SmartAgentRunBody;
export const CrmSyncBody = sync.CrmSyncBody;
export const SequencerSyncBody = sync.SequencerSyncBody;
export const SyncPreviewBody = sync.SyncPreviewBody;
export const CsvExportBody = exports.CsvExportBody;
export const CreateKeyBody = keys.CreateKeyBody;
export const LegacyBulkBody = legacy.LegacyBulkBody;
