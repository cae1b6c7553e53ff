import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  eventLatency,
  fillPath,
  k6Thresholds,
  pickRequest,
  scenarios,
  targets,
  type ScenarioName,
} from '../scenarios.js';
import { CHEF_SEARCH_PAGE_SIZE } from '@brigade/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
const names = Object.keys(scenarios) as ScenarioName[];

describe('the load-test scenario module', () => {
  it('gives every scenario a request mix, think times and p95/p99/error-rate thresholds', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      const s = scenarios[name];
      expect(s.requests.length).toBeGreaterThan(0);
      for (const r of s.requests) {
        expect(r.weight).toBeGreaterThan(0);
        expect(r.path.startsWith('/')).toBe(true);
      }
      expect(s.thinkTimeSeconds.min).toBeGreaterThan(0);
      expect(s.thinkTimeSeconds.max).toBeGreaterThanOrEqual(s.thinkTimeSeconds.min);
      expect(s.thresholds.p95Ms).toBeGreaterThan(0);
      expect(s.thresholds.p99Ms).toBeGreaterThanOrEqual(s.thresholds.p95Ms);
      expect(s.thresholds.errorRate).toBeGreaterThanOrEqual(0);
      expect(s.bench.connections).toBeGreaterThan(0);
    }
  });

  it('holds every poll to the issue target: p99 under 50 ms at 50 connections', () => {
    for (const name of names.filter((n) => scenarios[n].kind === 'poll')) {
      expect(scenarios[name].thresholds.p99Ms).toBeLessThanOrEqual(targets.pollP99Ms);
      expect(scenarios[name].bench.connections).toBe(50);
    }
  });

  it("holds the bench to issue 41's goals", () => {
    expect(eventLatency.escrowHeldToJobOpen.p99Ms).toBe(150);
    expect(eventLatency.mutualCheckoutToTransfer.p99Ms).toBe(150);
    expect(scenarios.postAndPay.thresholds.p99Ms).toBe(250);
    expect(scenarios.apply.thresholds.p99Ms).toBe(150);
    expect(scenarios.accept.thresholds.p99Ms).toBe(150);
    expect(targets.polls304VsBare).toBe(0.6);
    // every per-user poll's 200 at a quarter of bare; only the openings list is one answer for every chef
    expect(targets.polls200VsBare).toBe(0.25);
    expect(names.filter((n) => scenarios[n].shared)).toEqual(['openingsPoll']);
  });

  it('holds clock-in and approve to issue 34: p99 under 150 ms at 50 connections', () => {
    for (const name of ['clock_in', 'approve_timesheet'] as const) {
      expect(scenarios[name].kind).toBe('write');
      expect(scenarios[name].thresholds.p99Ms).toBe(150);
      expect(scenarios[name].bench.connections).toBe(50);
    }
    expect(scenarios.clock_in.requests[0].path).toBe('/applications/{applicationId}/clock-in');
    expect(scenarios.approve_timesheet.requests[0].path).toBe(
      '/applications/{applicationId}/timesheet/approve',
    );
  });

  it('turns thresholds into k6 thresholds on the scenario tag', () => {
    const t = k6Thresholds(['openingsPoll', 'moneyFlow']);
    expect(t['http_req_duration{scenario:openingsPoll}']).toEqual([
      `p(95)<${scenarios.openingsPoll.thresholds.p95Ms}`,
      `p(99)<${scenarios.openingsPoll.thresholds.p99Ms}`,
    ]);
    expect(t['http_req_failed{scenario:moneyFlow}']).toEqual([
      `rate<${scenarios.moneyFlow.thresholds.errorRate}`,
    ]);
  });

  it('fills a virtual user values into paths and picks requests by weight', () => {
    expect(fillPath(scenarios.threadPoll.requests[0].path, { jobId: 'j1', lastMessageId: 'm 2' })).toBe(
      '/messages/job/j1?since=m%202',
    );
    expect(() => fillPath('/jobs/{jobId}/apply', {})).toThrow('jobId');
    const search = scenarios.chefSearch;
    expect(pickRequest(search, 0)).toBe(search.requests[0]);
    expect(pickRequest(search, 0.99)).toBe(search.requests[search.requests.length - 1]);
  });

  it('asks for chefs as the chef search screen does: one page of CHEF_SEARCH_PAGE_SIZE', () => {
    for (const r of scenarios.chefSearch.requests) {
      const query = new URL(r.path, 'http://x').searchParams;
      expect(Number(query.get('limit'))).toBe(CHEF_SEARCH_PAGE_SIZE);
      expect(query.get('offset')).toBeNull();
    }
  });

  it('has k6 scripts that import the scenario module and declare thresholds', () => {
    const dir = path.join(here, '../k6');
    const scripts = readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'common.js');
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const f of scripts) {
      const text = readFileSync(path.join(dir, f), 'utf8');
      expect(text).toContain("from '../scenarios.js'");
      expect(text).toMatch(/thresholds:/);
      expect(text).toMatch(/export const options/);
    }
  });
});
