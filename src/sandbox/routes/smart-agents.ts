import type { RouteDef } from '../router.js';

// Placeholder: the routes are being written.
export const smartAgentRoutes: RouteDef[] = [];
