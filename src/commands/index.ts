/**
 * Every command module, behind one lazy import: in the core bundle these modules run only
 * when a command is loaded to run or to show its help; --help alone runs none of them.
 */
import type { CommandDefinition } from '../cli/command.js';
import { command as whoami } from './whoami/whoami.js';
import { command as listsLs } from './lists/ls.js';
import { command as listsCreate } from './lists/create.js';
import { command as listsGet } from './lists/get.js';
import { command as listsUpdate } from './lists/update.js';
import { command as listsRm } from './lists/rm.js';
import { command as listsLeads } from './lists/leads.js';
import { command as listsAdd } from './lists/add.js';
import { command as listsRemove } from './lists/remove.js';
import { command as listsFindPeople } from './lists/find-people.js';
import { command as importCsv } from './import/import.js';
import { command as foldersCreate } from './folders/create.js';
import { command as creditsBalance } from './credits/balance.js';
import { command as creditsEstimate } from './credits/estimate.js';
import { command as enrichPerson } from './enrich/person.js';
import { command as enrichCompany } from './enrich/company.js';
import { command as enrichCohort } from './enrich/cohort.js';
import { command as enrichList } from './enrich/list.js';
import { command as enrichStatus } from './enrich/status.js';
import { command as enrichLegacyBulk } from './enrich/legacy-bulk.js';
import { command as enrichLegacyStatus } from './enrich/legacy-status.js';
import { command as webhooksDeliveries } from './webhooks/deliveries.js';
import { command as searchPeople } from './search/people.js';
import { command as searchPeopleCompile } from './search/people-compile.js';
import { command as searchPeopleFilters } from './search/people-filters.js';
import { command as searchPeopleAtCompanies } from './search/people-at-companies.js';
import { command as searchCompanies } from './search/companies.js';
import { command as searchCompaniesFilters } from './search/companies-filters.js';
import { command as searchCompaniesSimilar } from './search/companies-similar.js';
import { command as authLogin } from './auth/login.js';
import { command as authStatus } from './auth/status.js';
import { command as authLogout } from './auth/logout.js';
import { command as configGet } from './config/get.js';
import { command as configSet } from './config/set.js';
import { command as configLs } from './config/ls.js';
import { command as configUnset } from './config/unset.js';
import { command as configRmProfile } from './config/rm-profile.js';
import { command as api } from './api/api.js';
import { command as sandboxServe } from './sandbox/serve.js';
import { command as sandboxStart } from './sandbox/start.js';
import { command as sandboxStop } from './sandbox/stop.js';
import { command as sandboxStatus } from './sandbox/status.js';
import { command as sandboxReset } from './sandbox/reset.js';
import { command as sandboxJwt } from './sandbox/jwt.js';
import { command as agentsRun } from './agents/run.js';
import { command as agentsLs } from './agents/ls.js';
import { command as agentsResults } from './agents/results.js';
import { command as syncCrm } from './sync/crm.js';
import { command as syncSequencer } from './sync/sequencer.js';
import { command as runsLs } from './runs/ls.js';
import { command as exportCsv } from './export/csv.js';
import { command as exportJson } from './export/json.js';
import { command as demo } from './demo/demo.js';
import { command as keysCreate } from './keys/create.js';
import { command as keysLs } from './keys/ls.js';
import { command as keysRevoke } from './keys/revoke.js';
import { command as keysRevokeAll } from './keys/revoke-all.js';
import { command as keysRequests } from './keys/requests.js';
import { command as usage } from './usage/usage.js';
import { command as completion } from './completion/completion.js';

export const commandModules: Record<string, CommandDefinition<any>> = {
  'whoami': whoami,
  'search people': searchPeople,
  'search people compile': searchPeopleCompile,
  'search people filters': searchPeopleFilters,
  'search people at-companies': searchPeopleAtCompanies,
  'search companies': searchCompanies,
  'search companies filters': searchCompaniesFilters,
  'search companies similar': searchCompaniesSimilar,
  'lists ls': listsLs,
  'lists create': listsCreate,
  'lists get': listsGet,
  'lists update': listsUpdate,
  'lists rm': listsRm,
  'lists leads': listsLeads,
  'lists add': listsAdd,
  'lists remove': listsRemove,
  'lists find-people': listsFindPeople,
  'import': importCsv,
  'folders create': foldersCreate,
  'credits balance': creditsBalance,
  'credits estimate': creditsEstimate,
  'enrich person': enrichPerson,
  'enrich company': enrichCompany,
  'enrich cohort': enrichCohort,
  'enrich list': enrichList,
  'enrich status': enrichStatus,
  'enrich legacy-bulk': enrichLegacyBulk,
  'enrich legacy-status': enrichLegacyStatus,
  'webhooks deliveries': webhooksDeliveries,
  'auth login': authLogin,
  'auth status': authStatus,
  'auth logout': authLogout,
  'config get': configGet,
  'config set': configSet,
  'config ls': configLs,
  'config unset': configUnset,
  'config rm-profile': configRmProfile,
  'api': api,
  'sandbox serve': sandboxServe,
  'sandbox start': sandboxStart,
  'sandbox stop': sandboxStop,
  'sandbox status': sandboxStatus,
  'sandbox reset': sandboxReset,
  'sandbox jwt': sandboxJwt,
  'agents run': agentsRun,
  'agents ls': agentsLs,
  'agents results': agentsResults,
  'sync crm': syncCrm,
  'sync sequencer': syncSequencer,
  'runs ls': runsLs,
  'export csv': exportCsv,
  'export json': exportJson,
  'demo': demo,
  'keys create': keysCreate,
  'keys ls': keysLs,
  'keys revoke': keysRevoke,
  'keys revoke-all': keysRevokeAll,
  'keys requests': keysRequests,
  'usage': usage,
  'completion': completion,
};
