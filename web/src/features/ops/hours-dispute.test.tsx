// Issue 34: an hours dispute in the operator's case file: both timesheets (the chef's clock times and the
// restaurant's adjustment), the clock events with their positions and distances, and the decision in worked
// minutes (POST /ops/disputes/{jobId}/resolve { worked_minutes, note }) beside the existing form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id } from '../../../test/signed-in';
import { makeEvent, makeTimesheet } from '../timesheets/fixtures';
import { disputeRoutes, makeDispute, signedInOperator } from './fixtures';
import type { OpsDispute } from './opsApi';

const MINUTE = 60_000;

function hoursDispute(language: 'en' | 'es' = 'en') {
  signedInOperator(language);
  const base = makeDispute(30);
  const applicationId = id('a');
  const start = Date.parse(base.job.start_time);
  const at = (m: number) => new Date(start + m * MINUTE).toISOString();
  const job = {
    ...base.job,
    break_minutes: 30,
    applications: [
      {
        id: applicationId,
        job_id: base.job.id,
        chef_id: base.chef.user_id,
        status: 'accepted',
        worker_confirmed: true,
        created_at: at(-600),
        updated_at: at(-600),
        chef_profiles: null,
      },
    ],
  } as unknown as OpsDispute['job'];
  const dispute = { ...base, job };
  const timesheet = makeTimesheet(job, applicationId, {
    status: 'disputed',
    clock_in_at: at(-5),
    clock_out_at: at(300),
    break_minutes: 30,
    worked_minutes: 210,
    events: [
      makeEvent('clock_in', {
        at: at(-5),
        method: 'location',
        latitude: 44.98621,
        longitude: -93.27331,
        accuracy_m: 12.4,
        distance_m: 38,
      }),
      makeEvent('clock_out', { at: at(300), method: 'code', break_minutes: 30 }),
      makeEvent('adjusted', {
        at: at(400),
        by: 'restaurant',
        clock_in_at: at(0),
        clock_out_at: at(240),
        break_minutes: 30,
        note: 'Left at 10, not 11.',
      }),
      makeEvent('disputed', { at: at(500), note: 'I stayed to clean.' }),
    ],
  });
  // the case file of an hours dispute, as jobs sends it: each side's hours and the server's bounds
  const hoursDisputed: OpsDispute = {
    ...dispute,
    kind: 'hours',
    hours: {
      about: 'adjustment',
      chef: {
        clock_in_at: at(-5),
        clock_out_at: at(300),
        break_minutes: 30,
        worked_minutes: 270,
        chef_pay_cents: 9_000,
      },
      restaurant: {
        clock_in_at: at(0),
        clock_out_at: at(240),
        break_minutes: 30,
        worked_minutes: 210,
        chef_pay_cents: 7_000,
      },
      timesheet,
      max_worked_minutes: 540,
      max_chef_pay_cents: 18_000,
    },
  };
  disputeRoutes(hoursDisputed);
  return { dispute: hoursDisputed, applicationId };
}

describe('an hours dispute in the console', () => {
  test('shows both timesheets and the clock events with positions and distances', async () => {
    const { dispute } = hoursDispute();
    renderApp(`/ops/disputes/${dispute.job.id}`);
    const hours = await screen.findByTestId('hours-dispute');
    const chef = within(hours).getByTestId('chef-timesheet');
    // 5 hours from the start (the earlier clock-in is not paid), less the 30-minute break
    expect(within(chef).getByText('4 h 30 min')).toBeTruthy();
    const restaurant = within(hours).getByTestId('restaurant-timesheet');
    expect(within(restaurant).getByText('3 h 30 min')).toBeTruthy();
    expect(within(restaurant).getByText('Left at 10, not 11.')).toBeTruthy();
    const events = within(hours).getAllByTestId('clock-event');
    expect(events).toHaveLength(4);
    expect(events[0].textContent).toMatch(/Clock-in.*Chef.*Location.*44\.98621, -93\.27331 \(±12 m\).*38 m/);
    expect(events[1].textContent).toMatch(/Clock-out.*Code/);
    // the existing form stays beside the new one
    expect(screen.getByRole('heading', { name: 'Decide the worked minutes' })).toBeTruthy();
    expect(screen.getByLabelText('Chef pay (dollars)')).toBeTruthy();
  });

  test('decides in worked minutes: bounds checked, the pay previewed, then { worked_minutes, note } sent', async () => {
    const { dispute } = hoursDispute();
    fakeApi.on('POST', `/ops/disputes/${dispute.job.id}/resolve`, { body: { dispute } });
    renderApp(`/ops/disputes/${dispute.job.id}`);
    const minutes = await screen.findByLabelText('Worked minutes');
    const form = screen.getByRole('region', { name: 'Decide the worked minutes' });
    // the scheduled 300 minutes plus 4 hours
    await userEvent.type(minutes, '541');
    await userEvent.type(within(form).getByLabelText('Note to both sides'), 'The clock-out by code stands.');
    await userEvent.click(within(form).getByRole('button', { name: 'Review decision' }));
    expect(await screen.findByText('Enter whole minutes from 0 to 540.')).toBeTruthy();
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '270');
    await userEvent.click(within(form).getByRole('button', { name: 'Review decision' }));
    const preview = await screen.findByTestId('hours-preview');
    expect(within(preview).getByTestId('hours-preview-chef').textContent).toBe('$90.00');
    expect(within(preview).getByText('$6.30')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/ops/disputes/${dispute.job.id}/resolve`)[0]?.body).toEqual({
        worked_minutes: 270,
        note: 'The clock-out by code stands.',
      }),
    );
  });

  test('in Spanish', async () => {
    const { dispute } = hoursDispute('es');
    renderApp(`/ops/disputes/${dispute.job.id}`);
    expect(await screen.findByRole('heading', { name: 'Disputa de horas' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Decidir los minutos trabajados' })).toBeTruthy();
    expect(screen.getByText('El cambio del restaurante')).toBeTruthy();
  });

  test('a worked/not-worked dispute has no hours part', async () => {
    signedInOperator();
    const dispute = makeDispute(30);
    disputeRoutes(dispute);
    renderApp(`/ops/disputes/${dispute.job.id}`);
    await screen.findByLabelText('Chef pay (dollars)');
    expect(screen.queryByTestId('hours-dispute')).toBeNull();
  });
});
