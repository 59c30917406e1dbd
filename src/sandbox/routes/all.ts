/**
 * Every route module of the sandbox. Adding an area is one file in this folder exporting
 * its RouteDef[] and one line here.
 */
export { healthRoutes } from './health.js';
export { controlRoutes } from './controls.js';
export { identityRoutes } from './identity.js';
export { creditsRoutes } from './credits.js';
export { legacyAuthRoutes } from './legacy-auth.js';
export { searchPeopleRoutes } from './search-people.js';
export { searchCompaniesRoutes } from './search-companies.js';
export { filterValuesRoutes } from './filter-values.js';
export { findAtCompaniesRoutes } from './find-at-companies.js';
export { leadListRoutes } from './lead-lists.js';
export { leadListLeadRoutes } from './lead-list-leads.js';
export { folderRoutes } from './folders.js';
export { csvImportRoutes } from './csv-import.js';
export { listJobControlRoutes } from './controls-lists-jobs.js';
export { findPeopleRoutes } from './find-people.js';
export { legacyEnrichRoutes } from './legacy-enrich.js';
export { webhookDeliveryRoutes } from './webhook-deliveries.js';
export { webhookControlRoutes } from './controls-webhooks.js';
export { enrichmentPersonRoutes } from './enrichment-person.js';
export { enrichmentCompanyRoutes } from './enrichment-company.js';
export { enrichmentByTaskRoutes } from './enrichment-by-task.js';
export { enrichmentBulkRoutes } from './enrichment-bulk.js';
export { enrichmentControlRoutes } from './controls-enrichment.js';
export { smartAgentRoutes } from './smart-agents.js';
export { migrateRoutes } from './migrate.js';
export { exportRoutes } from './export.js';
export { syncControlRoutes } from './controls-sync.js';
export { apiKeyRoutes } from './api-keys.js';
export { usageRoutes } from './usage.js';
export { openApiRoutes } from './openapi.js';
