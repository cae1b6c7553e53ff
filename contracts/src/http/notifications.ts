import type { RouteDoc } from '../common';

// Request/response schemas of the notifications service are added here as its endpoints land.
export const notificationsRoutes: RouteDoc[] = [];
