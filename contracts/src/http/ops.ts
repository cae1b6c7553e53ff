/**
 * The operator console's API (issue 17): every path under /api/ops is for operators only (403 for chefs and
 * restaurants). Each service answers for its own records; the gateway merges the answers of the routes every
 * service holds a part of (timeline, audit, dead letters), so no service reads another's tables (ADR 11).
 */

export * from './ops-disputes';
export * from './ops-records';
export * from './ops-routes';
