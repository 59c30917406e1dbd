import type { RouteDef } from '../router.js';

export const healthRoutes: RouteDef[] = [{ method: 'GET', path: '/health', kind: 'root', scope: null, handler: () => ({ status: 'ok' }) }];
