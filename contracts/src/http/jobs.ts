import type { RouteDoc } from '../common';

// Request/response schemas of the jobs service are added here as its endpoints land.
export const jobsRoutes: RouteDoc[] = [];
