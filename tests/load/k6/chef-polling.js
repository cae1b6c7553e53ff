// Chefs with the openings page and My Shifts open: poll open shifts and their applications.
//   k6 run -e BASE_URL=https://staging.example -e ACCOUNTS=./accounts.json tests/load/k6/chef-polling.js
import { sleep } from 'k6';
import { scenarios, k6Thresholds, thinkTime } from '../scenarios.js';
import { poll, tokenFor } from './common.js';

const VUS = Number(__ENV.VUS || 500);

export const options = {
  scenarios: {
    openingsPoll: {
      executor: 'ramping-vus',
      exec: 'openings',
      startVUs: 0,
      stages: [
        { duration: '1m', target: VUS },
        { duration: '5m', target: VUS },
        { duration: '30s', target: 0 },
      ],
    },
    applicationsPoll: {
      executor: 'ramping-vus',
      exec: 'applications',
      startVUs: 0,
      stages: [
        { duration: '1m', target: Math.ceil(VUS / 2) },
        { duration: '5m', target: Math.ceil(VUS / 2) },
        { duration: '30s', target: 0 },
      ],
    },
  },
  thresholds: k6Thresholds(['openingsPoll', 'applicationsPoll']),
};

export function openings() {
  const s = scenarios.openingsPoll;
  poll('openingsPoll', s.requests[0].name, s.requests[0].path, tokenFor('chef'));
  sleep(thinkTime(s, Math.random()));
}

export function applications() {
  const s = scenarios.applicationsPoll;
  poll('applicationsPoll', s.requests[0].name, s.requests[0].path, tokenFor('chef'));
  sleep(thinkTime(s, Math.random()));
}
