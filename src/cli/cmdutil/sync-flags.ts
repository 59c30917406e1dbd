import type { FlagSpec } from '../command.js';
import { CRM_PROVIDERS, CRM_SUB_ACTIONS } from '../../api/schemas/values/sync.js';

/** Every sub_action some CRM takes; which ones a CRM takes is checked against its own list. */
export const SUB_ACTIONS = [...new Set(Object.values(CRM_SUB_ACTIONS).flat())];

/** What the service writes when no sub_action is sent: each CRM's first. */
export const SUB_ACTION_DEFAULT = CRM_PROVIDERS.map((p) => `${CRM_SUB_ACTIONS[p][0]} (${p})`).join(', ');

/** --mapping of the sync commands (and of credits estimate, which prices a sync). */
export const MAPPING_FLAG = {
  flags: '--mapping <file>',
  description: 'a JSON object {"list column": "destination property"}: a file, - for stdin, or inline; the preview shows the mapping used',
  defaultDescription: "the destination's default mapping",
} as const satisfies FlagSpec;
