import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';

/** Liveness, with the serving process's pid: how `sandbox stop` tells its sandbox from a process that reused the pid. */
export const healthRoutes: RouteDef[] = [{ endpoint: API.site.health, handler: () => ({ status: 'ok', pid: process.pid }) }];
