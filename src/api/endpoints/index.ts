import type { Endpoint } from './endpoint.js';
import { agents } from './agents.js';
import { enrichment } from './enrichment.js';
import { exportEndpoints } from './export.js';
import { credits } from './credits.js';
import { identity } from './identity.js';
import { usage } from './usage.js';
import { keys } from './keys.js';
import { legacy } from './legacy.js';
import { folders, lists } from './lists.js';
import { companies, people } from './search.js';
import { site } from './site.js';
import { sync } from './sync.js';

/** Every operation of the service, by area. Adding one is an entry in its area's file and a sandbox handler. */
export const API = {
  identity,
  credits,
  usage,
  keys,
  people,
  companies,
  lists,
  folders,
  enrichment,
  agents,
  exports: exportEndpoints,
  sync,
  legacy,
  site,
} as const;

/** The entries as one list, in area order. */
export const CATALOG: readonly Endpoint[] = Object.values(API).flatMap((area) => Object.values(area) as Endpoint[]);

export type { Endpoint } from './endpoint.js';
