// Issue 34, the restaurant's job page on the day: the clock code once a chef is confirmed, who is clocked in and
// since when (late marked, running late told), Send home with its cost first, No-show once allowed, and the
// submitted timesheet to approve or adjust with the server's cost preview (GET .../timesheet/quote).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';
import { accessibilityProblems, makeEvent, makePay, minutesAgo, ownerShift } from './fixtures';

const MINUTE = 60_000;

describe("the restaurant's day", () => {
  test('the clock code shows once a chef is confirmed; before the no-show time, when it opens', async () => {
    const { user } = signedIn('restaurant');
    const { applicationId } = ownerShift(user.id, -20 * MINUTE, {
      events: [makeEvent('running_late', { minutes: 15, at: minutesAgo(30) })],
    });
    renderApp('/jobs/x');
    expect((await screen.findByTestId('clock-code')).textContent).toBe('4821');
    const day = await screen.findByTestId('restaurant-day');
    expect(within(day).getByRole('heading', { name: 'The day: Lucía' })).toBeTruthy();
    expect(await within(day).findByText('Not clocked in yet.')).toBeTruthy();
    expect(within(day).getByText(/^Running 15 minutes late \(told at /)).toBeTruthy();
    expect(within(day).getByText(/^If nobody clocks in, you can mark a no-show from /)).toBeTruthy();
    expect(within(day).queryByRole('button', { name: 'Mark a no-show' })).toBeNull();
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/no-show`)).toHaveLength(0);
  });

  test('no clock code and no day before a chef is confirmed', async () => {
    const { user } = signedIn('restaurant');
    const { job } = ownerShift(user.id, 2 * 60 * MINUTE, null, null);
    fakeApi.on('GET', '/jobs/:id', {
      body: {
        job: { ...job, clock_code: null, applications: [{ ...job.applications[0], worker_confirmed: null }] },
      },
    });
    renderApp('/jobs/x');
    await screen.findByRole('heading', { name: 'Applicants' });
    expect(screen.queryByTestId('clock-code')).toBeNull();
    expect(screen.queryByTestId('restaurant-day')).toBeNull();
  });

  test('a no-show can be marked an hour after the start, after a confirmation', async () => {
    const { user } = signedIn('restaurant');
    const { applicationId } = ownerShift(user.id, -61 * MINUTE);
    fakeApi.on('POST', `/applications/${applicationId}/no-show`, { body: {} });
    renderApp('/jobs/x');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark a no-show' }));
    expect(screen.getByText(/can contest it for 24 hours/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark a no-show' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/no-show`)).toHaveLength(1),
    );
  });

  test('a late chef clocked in: since when, Late, and Send home shows its cost before it is sent', async () => {
    const { user } = signedIn('restaurant');
    const { applicationId } = ownerShift(user.id, -40 * MINUTE, {
      status: 'clocked_in',
      clock_in_at: minutesAgo(25),
      late: true,
      // the server's figures of sending home now: 4 hours at $20 (less than the $90 shift pay), 7% fee
      send_home_pay: makePay({
        chef_pay_cents: 8_000,
        fee_cents: 560,
        total_cents: 8_560,
        refund_cents: 1_070,
      }),
    });
    fakeApi.on('POST', `/applications/${applicationId}/send-home`, { body: {} });
    renderApp('/jobs/x');
    const clockedIn = await screen.findByTestId('clocked-in');
    expect(clockedIn.textContent).toMatch(/^Lucía clocked in at \d{1,2}:\d{2}.* Late$/);
    expect(screen.getByText('Worked so far: 25 min.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send home' }));
    expect(await accessibilityProblems()).toEqual([]);
    // the server's figures, as it will move them
    expect(screen.getByTestId('send-home-cost').textContent).toMatch(
      /Sending Lucía home pays them \$80\.00 \(the hours worked, at least the sent-home minimum, never more than the shift pay\), plus the booking fee of \$5\.60: \$85\.60 in all, and \$10\.70 goes back to your card\./,
    );
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/send-home`)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Slow night');
    await userEvent.click(screen.getByRole('button', { name: 'Send Lucía home' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/send-home`)[0]?.body).toEqual({
        reason: 'Slow night',
      }),
    );
  });

  test('after the first hour, Send home is gone and says when it ended (in Spanish)', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    ownerShift(user.id, -2 * 60 * MINUTE, { status: 'clocked_in', clock_in_at: minutesAgo(90) });
    renderApp('/jobs/x');
    expect(await screen.findByText(/^El plazo para enviar al chef a casa terminó a las /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar a casa' })).toBeNull();
  });

  test('a submitted timesheet is approved as submitted', async () => {
    const { user } = signedIn('restaurant');
    const { applicationId } = ownerShift(user.id, -6 * 60 * MINUTE, {
      status: 'submitted',
      clock_in_at: minutesAgo(360),
      clock_out_at: minutesAgo(60),
      break_minutes: 30,
      worked_minutes: 270,
    });
    fakeApi.on('POST', `/applications/${applicationId}/timesheet/approve`, { body: {} });
    renderApp('/jobs/x');
    const day = await screen.findByTestId('restaurant-day');
    expect(await within(day).findByTestId('worked')).toBeTruthy();
    expect(within(day).getByTestId('worked').textContent).toBe('4 h 30 min');
    expect(within(day).getByTestId('timesheet-pay-chef').textContent).toBe('$90.00');
    expect(within(day).getByTestId('timesheet-pay-fee').textContent).toBe('$6.30');
    await userEvent.click(within(day).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/timesheet/approve`)).toHaveLength(1),
    );
  });

  test('adjusting shows the server quote (pay, fee, refund) before saving, then sends the times and reason', async () => {
    const { user } = signedIn('restaurant');
    const { applicationId, sheet } = ownerShift(user.id, -6 * 60 * MINUTE, {
      status: 'submitted',
      clock_in_at: minutesAgo(360),
      clock_out_at: minutesAgo(60),
      break_minutes: 30,
      worked_minutes: 270,
    });
    fakeApi.on('GET', `/applications/${applicationId}/timesheet/quote`, (call) =>
      call.query.break_minutes === '60'
        ? {
            body: {
              pay: makePay({
                chef_pay_cents: 8_000,
                fee_cents: 560,
                total_cents: 8_560,
                refund_cents: 1_070,
              }),
            },
          }
        : { body: { pay: makePay() } },
    );
    fakeApi.on('POST', `/applications/${applicationId}/timesheet/adjust`, { body: {} });
    renderApp('/jobs/x');
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust' }));
    const form = screen.getByRole('form', { name: 'Adjust the timesheet' });
    // prefilled with the times counted: the quote of the unchanged timesheet first
    expect(await within(form).findByTestId('quote-chef')).toBeTruthy();
    const breakField = within(form).getByLabelText('Unpaid break (minutes)');
    await userEvent.clear(breakField);
    await userEvent.type(breakField, '60');
    await waitFor(() => expect(within(form).getByTestId('quote-chef').textContent).toBe('$80.00'));
    expect(within(form).getByTestId('quote-fee').textContent).toBe('$5.60');
    expect(within(form).getByTestId('quote-refund').textContent).toBe('$10.70');
    expect(within(form).getByTestId('quote-total').textContent).toBe('$85.60');
    expect(await accessibilityProblems()).toEqual([]);
    const quote = fakeApi.callsTo('GET', `/applications/${applicationId}/timesheet/quote`).at(-1)!;
    expect(quote.query).toEqual({
      clock_in_at: new Date(
        Date.parse(sheet!.clock_in_at!) - (Date.parse(sheet!.clock_in_at!) % 60_000),
      ).toISOString(),
      clock_out_at: new Date(
        Date.parse(sheet!.clock_out_at!) - (Date.parse(sheet!.clock_out_at!) % 60_000),
      ).toISOString(),
      break_minutes: '60',
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Save the change' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Please give a reason: the chef reads it.',
    );
    await userEvent.type(within(form).getByLabelText(/^Reason/), 'Took an hour for dinner.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the change' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/timesheet/adjust`)[0]?.body).toEqual({
        clock_in_at: quote.query.clock_in_at,
        clock_out_at: quote.query.clock_out_at,
        break_minutes: 60,
        reason: 'Took an hour for dinner.',
      }),
    );
  });

  test('an extra charge, an amount under the minimum and an out-of-bounds time, in the preview (in Spanish)', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const { applicationId } = ownerShift(user.id, -6 * 60 * MINUTE, {
      status: 'submitted',
      clock_in_at: minutesAgo(360),
      clock_out_at: minutesAgo(60),
      worked_minutes: 270,
    });
    fakeApi.on('GET', `/applications/${applicationId}/timesheet/quote`, (call) =>
      call.query.break_minutes === '0'
        ? {
            body: {
              pay: makePay({
                chef_pay_cents: 10_000,
                fee_cents: 700,
                total_cents: 10_700,
                extra_charge_cents: 1_070,
              }),
            },
          }
        : call.query.break_minutes === '29'
          ? {
              status: 400,
              body: {
                code: 'JOBS.TIMES_OUT_OF_BOUNDS',
                error: 'Times must be from 30 minutes before the start',
              },
            }
          : {
              body: {
                pay: makePay({
                  chef_pay_cents: 9_000,
                  fee_cents: 630,
                  under_minimum: { kind: 'extra', cents: 33 },
                }),
              },
            },
    );
    renderApp('/jobs/x');
    await userEvent.click(await screen.findByRole('button', { name: 'Ajustar' }));
    const form = screen.getByRole('form', { name: 'Ajustar la hoja de horas' });
    expect((await within(form).findByTestId('quote-under-minimum')).textContent).toBe(
      '$0.33 más está por debajo del cargo mínimo: no se cobra.',
    );
    const breakField = within(form).getByLabelText('Descanso sin pago (minutos)');
    await userEvent.clear(breakField);
    await userEvent.type(breakField, '0');
    expect((await within(form).findByTestId('quote-extra')).textContent).toBe('$10.70');
    expect(within(form).getByText('Cargo adicional a tu tarjeta')).toBeTruthy();
    await userEvent.clear(breakField);
    await userEvent.type(breakField, '29');
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Las horas deben ir de 30 minutos antes del inicio a 4 horas después del fin, y el fin después del inicio.',
    );
    expect(
      (within(form).getByRole('button', { name: 'Guardar el cambio' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  test('an adjusted timesheet shows the reason and waits for the chef', async () => {
    const { user } = signedIn('restaurant');
    ownerShift(user.id, -6 * 60 * MINUTE, {
      status: 'adjusted',
      clock_in_at: minutesAgo(360),
      clock_out_at: minutesAgo(60),
      worked_minutes: 240,
      events: [makeEvent('adjusted', { by: 'restaurant', note: 'Took an hour for dinner.' })],
    });
    renderApp('/jobs/x');
    const day = await screen.findByTestId('restaurant-day');
    expect(await within(day).findByText('Took an hour for dinner.')).toBeTruthy();
    expect(within(day).getByTestId('timesheet-status').textContent).toBe('Changed by the restaurant');
    expect(within(day).getByText(/^Sent to the chef\./)).toBeTruthy();
    expect(within(day).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
