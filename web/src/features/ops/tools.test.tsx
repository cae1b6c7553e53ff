// Dead letters (redrive after confirming), anomalies and the audit log, each linking jobs to their timelines;
// the job timeline with operator actions highlighted.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id } from '../../../test/signed-in';
import { signedInOperator } from './fixtures';

test('dead letters: count and latest per queue; Redrive asks first, then shows how many went back', async () => {
  signedInOperator();
  let count = 2;
  fakeApi.on('GET', '/ops/dead-letters', () => ({
    body: {
      queues: [
        {
          service: 'jobs',
          queue: 'jobs.escrow-held',
          count,
          latest:
            count > 0
              ? [
                  {
                    event_id: id('e'),
                    type: 'payments.escrow.held.v1',
                    subject: 'job 1234',
                    error: 'job not found',
                    attempts: 5,
                  },
                ]
              : [],
        },
        { service: 'payments', queue: 'payments.job-cancelled', count: 0, latest: [] },
      ],
    },
  }));
  fakeApi.on('POST', '/ops/dead-letters/redrive', (call) => {
    const redriven = count;
    count = 0;
    return { body: { queue: (call.body as { queue: string }).queue, redriven } };
  });
  renderApp('/ops/dead-letters');
  const [jobsQueue, paymentsQueue] = await screen.findAllByTestId('dead-letter-queue');
  expect(within(jobsQueue).getByRole('heading', { name: 'jobs.escrow-held' })).toBeTruthy();
  expect(within(jobsQueue).getByText('2 dead letters')).toBeTruthy();
  expect(
    within(jobsQueue)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['payments.escrow.held.v1', 'job 1234', 'job not found', '5']);
  expect(within(paymentsQueue).queryByRole('button')).toBeNull();

  await userEvent.click(within(jobsQueue).getByRole('button', { name: 'Redrive jobs.escrow-held' }));
  expect(within(jobsQueue).getByText('Put 2 dead letters back on jobs.escrow-held?')).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/ops/dead-letters/redrive')).toHaveLength(0);
  await userEvent.click(within(jobsQueue).getByRole('button', { name: 'Yes, redrive' }));
  expect(await screen.findByText('2 messages put back on jobs.escrow-held.')).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/ops/dead-letters/redrive')[0].body).toEqual({ queue: 'jobs.escrow-held' });
  expect(await within(jobsQueue).findByText('0 dead letters')).toBeTruthy();
});

test('anomalies and audit link jobs to their timelines; the timeline highlights operator actions', async () => {
  signedInOperator();
  const jobId = id('b');
  fakeApi.on('GET', '/ops/anomalies', {
    body: {
      anomalies: [
        {
          id: 'evt_1',
          at: new Date().toISOString(),
          kind: 'webhook_mismatch',
          job_id: jobId,
          summary: 'Amount 999 does not match the charge',
          detail: {},
        },
      ],
      stuck: [
        {
          job_id: jobId,
          payment_status: 'held_in_escrow',
          held_cents: 10_700,
          rule: 'checkout_deadline',
          deadline: new Date().toISOString(),
          overdue_by_ms: 5 * 3_600_000,
        },
      ],
    },
  });
  fakeApi.on('GET', '/ops/audit', {
    body: {
      entries: [
        {
          id: id('a'),
          at: new Date().toISOString(),
          service: 'jobs',
          operator_id: id('o'),
          operator_email: 'ops@brigade.test',
          action: 'dispute.resolve',
          subject_type: 'job',
          subject_id: jobId,
          job_id: jobId,
          reason: 'Arrived late',
          detail: {},
        },
      ],
    },
  });
  fakeApi.on('GET', `/ops/jobs/${jobId}/timeline`, {
    body: {
      job_id: jobId,
      entries: [
        {
          at: new Date(Date.now() - 60_000).toISOString(),
          service: 'jobs',
          kind: 'operator',
          type: 'dispute.resolve',
          actor: { type: 'operator', id: id('o') },
          summary: 'Dispute decided: chef paid $60.00',
          data: {},
        },
        {
          at: new Date(Date.now() - 3_600_000).toISOString(),
          service: 'jobs',
          kind: 'state',
          type: 'jobs.job.disputed.v1',
          actor: { type: 'system', id: null },
          summary: 'Checkouts disagree',
          data: {},
        },
      ],
    },
  });
  const { router, unmount } = renderApp('/ops/anomalies');
  expect(await screen.findByText('Amount 999 does not match the charge')).toBeTruthy();
  expect(screen.getByText('5 h overdue')).toBeTruthy();
  unmount();

  const audit = renderApp('/ops/audit');
  const row = await screen.findByTestId('audit-entry');
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([
    expect.any(String),
    'ops@brigade.test',
    'dispute.resolve',
    `Shift ${jobId.slice(0, 8)}`,
    'Arrived late',
  ]);
  await userEvent.click(within(row).getByRole('link'));
  expect(audit.router.state.location.pathname).toBe(`/ops/jobs/${jobId}`);
  const entries = await screen.findAllByTestId('timeline-entry');
  expect(entries.map((e) => e.className)).toEqual(['', 'row-audit']);
  expect(within(entries[0]).getByText('Checkouts disagree')).toBeTruthy();
  expect(within(entries[1]).getByText('Operator action')).toBeTruthy();
  void router;
});
