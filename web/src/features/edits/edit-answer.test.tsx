// Issue 35: a booked chef sees the restaurant's change of their shift (old and new side by side) and keeps it or
// leaves it with no record (POST /applications/{id}/edit-answer), on the job page and on the dashboard.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeApplication, makeJob, signedIn } from '../../../test/signed-in';

const HOUR = 3_600_000;

function changedJob() {
  const job = makeJob({ status: 'filled' });
  const start = Date.parse(job.start_time);
  const applicationId = 'a1000000-0000-4000-8000-000000000001';
  const edit = {
    edit_id: 'e1000000-0000-4000-8000-000000000001',
    application_id: applicationId,
    before: {
      start_time: job.start_time,
      end_time: job.end_time,
      hourly_rate: 20,
      break_minutes: 0,
      pay_cents: 10_000,
    },
    after: {
      start_time: new Date(start + HOUR).toISOString(),
      end_time: new Date(start + 6 * HOUR).toISOString(),
      hourly_rate: 22,
      break_minutes: 30,
      pay_cents: 9_900,
    },
    answer_by: new Date(Date.now() + 12 * HOUR).toISOString(),
  };
  return {
    applicationId,
    job: {
      ...job,
      user_applied: true,
      user_application: { id: applicationId, status: 'accepted', worker_confirmed: true },
      edit_to_answer: edit,
    },
  };
}

describe("the chef's answer to a changed shift", () => {
  test('old and new side by side, then Keep the shift sends accept: true', async () => {
    signedIn('chef');
    const { job, applicationId } = changedJob();
    let answered = false;
    fakeApi.on('GET', `/jobs/${job.id}`, () => ({
      body: { job: answered ? { ...job, edit_to_answer: null } : job },
    }));
    fakeApi.on('POST', `/applications/${applicationId}/edit-answer`, () => {
      answered = true;
      return { body: { application: {} } };
    });
    renderApp(`/jobs/${job.id}`);
    const card = (await screen.findByRole('heading', { name: 'The restaurant changed this shift' })).closest(
      'section',
    )!;
    const row = (name: string) =>
      [...within(card).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td')].map(
        (td) => td.textContent,
      );
    expect(row('Rate')).toEqual(['$20.00/hr', '$22.00/hr']);
    expect(row('Unpaid break')).toEqual(['0 minutes', '30 minutes']);
    expect(row('Your pay')).toEqual(['$100.00', '$99.00']);
    expect(within(card).getByText(/^Answer by /)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Keep the shift' }));
    expect((await screen.findByTestId('edit-answer-done')).textContent).toBe(
      'You kept the shift with the new terms.',
    );
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/edit-answer`).map((c) => c.body)).toEqual([
      { accept: true },
    ]);
    // the job read again has nothing left to answer: the answer stays said, the buttons are gone
    await waitFor(() => expect(fakeApi.callsTo('GET', `/jobs/${job.id}`).length).toBeGreaterThan(1));
    expect(screen.getByTestId('edit-answer-done').textContent).toBe('You kept the shift with the new terms.');
    expect(screen.queryByRole('button', { name: 'Keep the shift' })).toBeNull();
  });

  test('Leave it asks first, then sends accept: false', async () => {
    signedIn('chef');
    const { job, applicationId } = changedJob();
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/applications/${applicationId}/edit-answer`, { body: { application: {} } });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave it (no mark on your record)' }));
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/edit-answer`)).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: 'Leave this shift?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, leave the shift' }));
    expect((await screen.findByTestId('edit-answer-done')).textContent).toBe(
      'You left the shift. There is no mark on your record.',
    );
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/edit-answer`).map((c) => c.body)).toEqual([
      { accept: false },
    ]);
  });

  test("on the dashboard's upcoming shifts, in Spanish", async () => {
    signedIn('chef', { language: 'es' });
    const { job, applicationId } = changedJob();
    const app = { ...makeApplication(job), id: applicationId };
    fakeApi.on('GET', '/applications', { body: { applications: [app], total: 1 } });
    fakeApi.on('POST', `/applications/${applicationId}/edit-answer`, { body: { application: app } });
    renderApp('/dashboard/chef');
    expect(await screen.findByRole('heading', { name: 'El restaurante cambió este turno' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Conservar el turno' }));
    expect((await screen.findByTestId('edit-answer-done')).textContent).toBe(
      'Conservaste el turno con los nuevos términos.',
    );
  });

  test('in My Shifts, under the held shift', async () => {
    signedIn('chef');
    const { job, applicationId } = changedJob();
    const app = { ...makeApplication(job), id: applicationId };
    fakeApi.on('GET', '/applications', { body: { applications: [app], total: 1 } });
    fakeApi.on('POST', `/applications/${applicationId}/edit-answer`, { body: { application: app } });
    renderApp('/my-shifts');
    const card = (await screen.findByRole('heading', { name: 'The restaurant changed this shift' })).closest(
      'section',
    )!;
    await userEvent.click(within(card).getByRole('button', { name: 'Leave it (no mark on your record)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, leave the shift' }));
    expect((await screen.findByTestId('edit-answer-done')).textContent).toBe(
      'You left the shift. There is no mark on your record.',
    );
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/edit-answer`).map((c) => c.body)).toEqual([
      { accept: false },
    ]);
  });
});
