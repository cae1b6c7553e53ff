import type { RouteDoc } from '../common';

// Request/response schemas of the messaging service are added here as its endpoints land.
export const messagingRoutes: RouteDoc[] = [];
