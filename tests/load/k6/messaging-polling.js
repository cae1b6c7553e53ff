// Both sides with Messages open: poll the conversation list and the open thread (with `since`).
//   k6 run -e BASE_URL=https://staging.example -e ACCOUNTS=./accounts.json tests/load/k6/messaging-polling.js
import { sleep } from 'k6';
import { scenarios, fillPath, k6Thresholds, thinkTime } from '../scenarios.js';
import { poll, tokenFor } from './common.js';

const VUS = Number(__ENV.VUS || 300);
const stages = (n) => [
  { duration: '1m', target: n },
  { duration: '5m', target: n },
  { duration: '30s', target: 0 },
];

export const options = {
  scenarios: {
    chefConversations: { executor: 'ramping-vus', exec: 'chefMessages', startVUs: 0, stages: stages(VUS) },
    restaurantConversations: {
      executor: 'ramping-vus',
      exec: 'restaurantMessages',
      startVUs: 0,
      stages: stages(Math.ceil(VUS / 5)),
    },
  },
  thresholds: k6Thresholds(['conversationsPoll', 'threadPoll']),
};

// Per VU: the thread it has open and the newest message it has seen.
const open = { jobId: null, chefId: null, lastMessageId: null, until: 0 };

function messages(type) {
  const token = tokenFor(type);
  const list = poll(
    'conversationsPoll',
    'conversations',
    scenarios.conversationsPoll.requests[0].path,
    token,
  );
  if (list.status === 200) {
    const conversations = list.json('conversations') || [];
    if ((!open.jobId || Date.now() > open.until) && conversations.length > 0) {
      const c = conversations[Math.floor(Math.random() * conversations.length)];
      open.jobId = c.job_id;
      open.chefId = c.chef_id;
      open.lastMessageId = null;
      open.until = Date.now() + 60_000; // a user reads one thread for about a minute
    }
  }
  if (open.jobId) {
    const s = scenarios.threadPoll;
    const chef = type === 'restaurant' ? `&chef_id=${open.chefId}` : '';
    const path = open.lastMessageId
      ? fillPath(s.requests[0].path, { jobId: open.jobId, lastMessageId: open.lastMessageId }) + chef
      : `/messages/job/${open.jobId}${chef ? `?${chef.slice(1)}` : ''}`;
    const thread = poll('threadPoll', 'thread', path, token);
    if (thread.status === 200) {
      const msgs = thread.json('messages') || [];
      if (msgs.length > 0) open.lastMessageId = msgs[msgs.length - 1].id;
    }
    sleep(thinkTime(s, Math.random()));
  } else {
    sleep(thinkTime(scenarios.conversationsPoll, Math.random()));
  }
}

export function chefMessages() {
  messages('chef');
}

export function restaurantMessages() {
  messages('restaurant');
}
