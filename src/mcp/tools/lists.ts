import { API } from '../../api/endpoints/index.js';
import type { ToolSpec } from '../tool.js';
import { importCsvTool } from './import-csv.js';

export const listTools: ToolSpec[] = [
  {
    name: 'lists_ls',
    title: 'Lead lists',
    entry: API.lists.list,
    toolset: 'read',
    note: 'One page; pass the answered cursor for the next.',
  },
  { name: 'lists_get', title: 'A lead list', entry: API.lists.get, toolset: 'read' },
  {
    name: 'lists_leads',
    title: 'Leads of a list',
    entry: API.lists.leads,
    toolset: 'read',
    note: "One page; pass the answered cursor for the next. The page's task_id is a cohort handle enrich_cohort takes.",
  },
  { name: 'lists_create', title: 'Create a lead list', entry: API.lists.create, toolset: 'standard' },
  { name: 'lists_update', title: 'Change a lead list', entry: API.lists.update, toolset: 'standard' },
  { name: 'lists_add_leads', title: 'Add leads to a list', entry: API.lists.addLeads, toolset: 'standard' },
  { name: 'lists_remove_leads', title: 'Remove leads from a list', entry: API.lists.removeLeads, toolset: 'standard', destructive: true },
  { name: 'lists_delete', title: 'Delete a lead list', entry: API.lists.delete, toolset: 'standard', destructive: true },
  importCsvTool,
];
