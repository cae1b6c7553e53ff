// Issue 35: Book again prices each date before POST /jobs/{id}/repeat (the posting's total; charged now within
// SERIES_CHARGE_LEAD, 7 days, else later, a week before), then lists the shifts made and what was charged.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';
import { toLocalInput } from '../jobs/validation';

const DAY = 24 * 3_600_000;
const dateIn = (days: number) => toLocalInput(new Date(Date.now() + days * DAY)).slice(0, 10);

async function openPanel(jobId: string) {
  renderApp(`/jobs/${jobId}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Book again' }));
  return (await screen.findByRole('heading', { name: 'Book this shift again' })).closest('section')!;
}

describe('Book again', () => {
  test('each date shows its total and when it is charged; the totals before booking; then the shifts made', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'completed' });
    const copy = makeJob({ restaurant_id: user.id, start_time: `${dateIn(3)}T23:00:00.000Z` });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/jobs/${job.id}/repeat`, {
      status: 201,
      body: { jobs: [copy], total_cents: 10_700, series: null, later_total_cents: 10_700 },
    });
    const panel = await openPanel(job.id);
    fireEvent.change(within(panel).getByLabelText('Date 1'), { target: { value: dateIn(3) } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Add a date' }));
    fireEvent.change(within(panel).getByLabelText('Date 2'), { target: { value: dateIn(20) } });
    expect(
      within(panel)
        .getAllByTestId('again-date-cost')
        .map((e) => e.textContent),
    ).toEqual(['$107.00 · charged now', '$107.00 · charged later, a week before']);
    expect(within(panel).getByTestId('again-now').textContent).toBe('$107.00');
    expect(within(panel).getByTestId('again-later').textContent).toBe('$107.00');
    expect(within(panel).getByTestId('again-total').textContent).toBe('$214.00');
    // a third date, removed again
    await userEvent.click(within(panel).getByRole('button', { name: 'Add a date' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove date 3' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Book 2 shifts' }));
    expect((await screen.findByTestId('again-charged')).textContent).toBe(
      '$107.00 was charged to your card. $107.00 will be charged later, a week before each shift.',
    );
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/repeat`).map((c) => c.body)).toEqual([
      { dates: [dateIn(3), dateIn(20)] },
    ]);
    expect(screen.getByRole('link', { name: /^View the shift of/ }).getAttribute('href')).toBe(
      `/jobs/${copy.id}`,
    );
  });

  test('a 400 JOBS.BAD_DATES shows its text and which dates', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id });
    const far = dateIn(40);
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/jobs/${job.id}/repeat`, {
      status: 400,
      body: { error: 'These dates cannot be booked', code: 'JOBS.BAD_DATES', dates: [far] },
    });
    const panel = await openPanel(job.id);
    fireEvent.change(within(panel).getByLabelText('Date 1'), { target: { value: far } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Book 1 shift' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Some dates cannot be booked: they are past or too far ahead.',
    );
    expect(within(panel).getByTestId('again-bad-dates').textContent).toMatch(
      /^These dates cannot be booked: /,
    );
    expect(within(panel).getByLabelText('Date 1').getAttribute('aria-invalid')).toBe('true');
  });
});
