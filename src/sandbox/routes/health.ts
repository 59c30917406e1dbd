import type { RouteDef } from '../router.js';

/** Liveness, with the serving process's pid: how `sandbox stop` tells its sandbox from a process that reused the pid. */
export const healthRoutes: RouteDef[] = [
  { method: 'GET', path: '/health', kind: 'root', scope: null, handler: () => ({ status: 'ok', pid: process.pid }) },
];
