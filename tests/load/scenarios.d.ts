// Types of the plain scenario module (scenarios.js), which k6 imports as is.

export interface Thresholds {
  p95Ms: number;
  p99Ms: number;
  errorRate: number;
}

export interface ScenarioRequest {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  weight: number;
  /** 'origin': the path is on the public origin, not under /api (the Stripe sandbox's browser endpoints). */
  base?: 'origin';
}

export interface Scenario {
  title: string;
  actor: 'chef' | 'restaurant' | 'both';
  kind: 'poll' | 'read' | 'write' | 'flow';
  requests: ScenarioRequest[];
  thinkTimeSeconds: { min: number; max: number };
  revalidate: boolean;
  /** One answer for every user of the actor's kind (the openings list), not a per-user one. */
  shared?: boolean;
  ratePerMinute?: number;
  thresholds: Thresholds;
  bench: { connections: number; variants: Array<'200' | '304' | 'write' | 'flow'> };
}

export type ScenarioName =
  | 'openingsPoll'
  | 'applicationsPoll'
  | 'conversationsPoll'
  | 'unreadCountPoll'
  | 'inboxPoll'
  | 'threadPoll'
  | 'chefSearch'
  | 'postAndPay'
  | 'apply'
  | 'accept'
  | 'clock_in'
  | 'approve_timesheet'
  | 'moneyFlow';

export const API_BASE: string;
export const scenarios: Record<ScenarioName, Scenario>;
export const eventLatency: Record<
  'escrowHeldToJobOpen' | 'mutualCheckoutToTransfer',
  { title: string; p50Ms: number; p99Ms: number }
>;
export const targets: {
  polls304VsBare: number;
  polls200VsBare: number;
  sharedPolls200VsBare: number;
  pollP99Ms: number;
  startToFirstPageMs: number;
  embeddedPeakMemoryBytes: number;
  coldStartPeakMemoryBytes: number;
  coldStartProcessPeakMemoryBytes: number;
  landingJsGzipBytes: number;
};
export function pickRequest(scenario: Scenario, random: number): ScenarioRequest;
export function fillPath(path: string, values: Record<string, string | number | null | undefined>): string;
export function thinkTime(scenario: Scenario, random: number): number;
export function k6Thresholds(names: ScenarioName[]): Record<string, string[]>;
