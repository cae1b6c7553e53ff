import type { RouteDoc } from '../common';

// Request/response schemas of the payments service are added here as its endpoints land.
export const paymentsRoutes: RouteDoc[] = [];
