// Issue 34, the chef's shift page on the day: Clock in (location or code) with the reason when it cannot, Running
// late, the worked time counting, Clock out with the break, the timesheet and its pay, an adjustment to accept or
// dispute, a no-show to contest. Against the fake API's route table, in English and Spanish where text matters.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';
import { accessibilityProblems, chefShift, makeEvent, makePay, makeTimesheet, minutesAgo } from './fixtures';

const MINUTE = 60_000;

function position(coords: { latitude: number; longitude: number; accuracy: number } | { code: number }) {
  const getCurrentPosition = (ok: PositionCallback, fail: PositionErrorCallback) =>
    'code' in coords
      ? fail({ code: coords.code, message: 'denied' } as GeolocationPositionError)
      : ok({ coords, timestamp: Date.now() } as unknown as GeolocationPosition);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

const AT_THE_DOOR = { latitude: 44.9862, longitude: -93.2733, accuracy: 12.34 };

describe("the chef's day", () => {
  test('before the clock opens, Clock in waits and says from when', async () => {
    signedIn('chef');
    chefShift(3 * 60 * MINUTE);
    renderApp('/jobs/x');
    const button = await screen.findByRole('button', { name: 'Clock in' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^You can clock in from \d{1,2}:\d{2}/)).toBeTruthy();
  });

  test('in Spanish: "Marcar la entrada" and when it opens', async () => {
    signedIn('chef', { language: 'es' });
    chefShift(3 * 60 * MINUTE);
    renderApp('/jobs/x');
    const button = await screen.findByRole('button', { name: 'Marcar la entrada' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^Puedes marcar la entrada desde las /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marcar la entrada con el código' })).toBeTruthy();
    expect(screen.getByLabelText('Código de entrada (4 dígitos)')).toBeTruthy();
    expect(screen.getByLabelText('Cuántos minutos tarde')).toBeTruthy();
    expect(await accessibilityProblems()).toEqual([]);
  });

  test('clocks in by location, counts the worked time, clocks out with the break, then shows the timesheet and pay', async () => {
    signedIn('chef');
    // the shift started 125 minutes ago: 2 h 05 worked so far
    const { job, applicationId } = chefShift(-125 * MINUTE);
    position(AT_THE_DOOR);
    let sheet = makeTimesheet(job, applicationId);
    fakeApi.on('GET', `/applications/${applicationId}/timesheet`, () => ({ body: { timesheet: sheet } }));
    fakeApi.on('POST', `/applications/${applicationId}/clock-in`, () => {
      sheet = { ...sheet, status: 'clocked_in', clock_in_at: job.start_time };
      return { status: 201, body: { timesheet: sheet } };
    });
    fakeApi.on('POST', `/applications/${applicationId}/clock-out`, (call) => {
      sheet = {
        ...sheet,
        status: 'submitted',
        clock_out_at: new Date().toISOString(),
        break_minutes: (call.body as { break_minutes: number }).break_minutes,
        worked_minutes: 80,
        pay: makePay({ chef_pay_cents: 2_667, fee_cents: 187, total_cents: 2_854, refund_cents: 6_776 }),
      };
      return { body: { timesheet: sheet } };
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/clock-in`)[0].body).toEqual({
      latitude: 44.9862,
      longitude: -93.2733,
      accuracy_m: 12.3,
    });
    expect(await screen.findByText(/^You clocked in at /)).toBeTruthy();
    expect(screen.getByTestId('live-worked').textContent).toBe('2 h 05 min');
    expect(await accessibilityProblems()).toEqual([]);
    const breakField = screen.getByLabelText('Unpaid break (minutes)') as HTMLInputElement;
    // prefilled with the posting's break
    expect(breakField.value).toBe('30');
    await userEvent.clear(breakField);
    await userEvent.type(breakField, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Clock out' }));
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/clock-out`)[0].body).toEqual({
      break_minutes: 45,
    });
    const timesheet = await screen.findByTestId('chef-timesheet');
    expect(within(timesheet).getByTestId('timesheet-status').textContent).toBe('Submitted');
    expect(within(timesheet).getByText('45 minutes')).toBeTruthy();
    expect(within(timesheet).getByTestId('worked').textContent).toBe('1 h 20 min');
    expect(within(timesheet).getByTestId('timesheet-pay-chef').textContent).toBe('$26.67');
    // the chef reads their pay, not the restaurant's card movements
    expect(within(timesheet).queryByText(/Refund/)).toBeNull();
    expect(within(timesheet).getByText(/Sent to the restaurant/)).toBeTruthy();
  });

  test.each([
    [
      'outside the pinned location: the distance the server answers',
      {
        code: 'JOBS.OUTSIDE_GEOFENCE',
        error:
          'You are 1,640 feet from the restaurant. Clock in within 820 feet of it, or ask the restaurant for the clock code.',
      },
      'You are 1,640 feet from the restaurant. Clock in within 820 feet of it, or ask the restaurant for the clock code.',
    ],
    [
      'too vague a position',
      { code: 'JOBS.LOCATION_TOO_VAGUE', error: 'Your position is not precise enough to clock in' },
      'Your position is not precise enough. Try again outside, or use the clock code.',
    ],
    [
      'not open yet (the server says when)',
      {
        code: 'JOBS.CLOCK_NOT_OPEN',
        error: 'Clock-in opens 30 minutes before the start of the shift and closes at its end',
        opens_at: '2026-01-05T17:30:00.000Z',
      },
      /^You can clock in from \d{1,2}:30/,
    ],
  ] as const)('a refused location clock-in says why: %s', async (_name, body, text: string | RegExp) => {
    signedIn('chef');
    const { applicationId } = chefShift(-5 * MINUTE);
    position(AT_THE_DOOR);
    fakeApi.on('POST', `/applications/${applicationId}/clock-in`, { status: 422, body });
    renderApp('/jobs/x');
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(text);
    // the code is still there
    expect(screen.getByLabelText('Clock code (4 digits)')).toBeTruthy();
  });

  test('in Spanish, the geofence refusal is the server sentence with its distance', async () => {
    signedIn('chef', { language: 'es' });
    const { applicationId } = chefShift(-5 * MINUTE);
    position(AT_THE_DOOR);
    const said =
      'Estás a 1640 pies del restaurante. Marca tu entrada a menos de 820 pies, o pide al restaurante el código de entrada.';
    fakeApi.on('POST', `/applications/${applicationId}/clock-in`, {
      status: 422,
      body: { code: 'JOBS.OUTSIDE_GEOFENCE', error: said },
    });
    renderApp('/jobs/x');
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar la entrada' }));
    expect((await screen.findByRole('alert')).textContent).toBe(said);
  });

  test('a restaurant without a pin: the code only, and why', async () => {
    signedIn('chef');
    const { applicationId } = chefShift(-5 * MINUTE);
    position(AT_THE_DOOR);
    fakeApi.on('POST', `/applications/${applicationId}/clock-in`, (call) =>
      (call.body as { code?: string }).code === '4821'
        ? { status: 201, body: {} }
        : {
            status: 422,
            body: { code: 'JOBS.NO_LOCATION_PIN', error: 'This restaurant has not pinned its location' },
          },
    );
    renderApp('/jobs/x');
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This restaurant has not pinned its location yet. Clock in with the code the restaurant shows.',
    );
    expect(screen.queryByRole('button', { name: 'Clock in' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Clock code (4 digits)'), '4821');
    await userEvent.click(screen.getByRole('button', { name: 'Clock in with the code' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/clock-in`).at(-1)!.body).toEqual({
        code: '4821',
      }),
    );
  });

  test('a location the phone will not share points to the code', async () => {
    signedIn('chef');
    const { applicationId } = chefShift(-5 * MINUTE);
    position({ code: 1 });
    renderApp('/jobs/x');
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not share its location/);
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/clock-in`)).toHaveLength(0);
  });

  test('the code: 4 digits checked before sending, a wrong one and a locked one said plainly', async () => {
    signedIn('chef');
    const { applicationId } = chefShift(-5 * MINUTE);
    let tries = 0;
    fakeApi.on('POST', `/applications/${applicationId}/clock-in`, () =>
      ++tries === 1
        ? { status: 422, body: { code: 'JOBS.BAD_CLOCK_CODE', error: 'This clock code is not right' } }
        : { status: 429, body: { code: 'JOBS.CLOCK_CODE_LOCKED', error: 'locked' } },
    );
    renderApp('/jobs/x');
    const input = await screen.findByLabelText('Clock code (4 digits)');
    await userEvent.type(input, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Clock in with the code' }));
    expect(await screen.findByText('The clock code is 4 digits.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/clock-in`)).toHaveLength(0);
    await userEvent.type(input, '34');
    await userEvent.click(screen.getByRole('button', { name: 'Clock in with the code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This clock code is not right.');
    await userEvent.click(screen.getByRole('button', { name: 'Clock in with the code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many wrong codes. The clock code is locked for 15 minutes.',
    );
  });

  test('running late tells the restaurant how many minutes', async () => {
    signedIn('chef');
    const { applicationId } = chefShift(20 * MINUTE);
    fakeApi.on('POST', `/applications/${applicationId}/running-late`, { status: 201, body: {} });
    renderApp('/jobs/x');
    await userEvent.type(await screen.findByLabelText('How many minutes late'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Tell the restaurant' }));
    expect(await screen.findByText('The restaurant knows you are running 15 minutes late.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/applications/${applicationId}/running-late`)[0].body).toEqual({
      minutes: 15,
    });
  });

  test("an adjustment shows the restaurant's reason and the new pay; Accept answers it", async () => {
    signedIn('chef');
    const { applicationId } = chefShift(-6 * 60 * MINUTE, {
      status: 'adjusted',
      clock_in_at: minutesAgo(340),
      clock_out_at: minutesAgo(60),
      break_minutes: 45,
      worked_minutes: 235,
      pay: makePay({ chef_pay_cents: 7_833 }),
      events: [makeEvent('adjusted', { by: 'restaurant', note: 'Left at 10:15, not 11.' })],
    });
    fakeApi.on('POST', `/applications/${applicationId}/timesheet/accept`, { body: {} });
    renderApp('/jobs/x');
    const adjustment = await screen.findByTestId('adjustment');
    expect(within(adjustment).getByText('Left at 10:15, not 11.')).toBeTruthy();
    expect(screen.getByTestId('timesheet-pay-chef').textContent).toBe('$78.33');
    expect(screen.getByTestId('worked').textContent).toBe('3 h 55 min');
    expect(
      within(adjustment).getByText(/^Answer by .*Without an answer, the change is accepted\.$/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/timesheet/accept`)).toHaveLength(1),
    );
  });

  test("clocked out, the page says one pay (the hours') and promises no checkout deadline", async () => {
    signedIn('chef');
    // a 5-hour shift that ended an hour ago: $90.00 held in escrow, 3 h 55 min worked come to $78.33
    const { job } = chefShift(-6 * 60 * MINUTE, {
      status: 'submitted',
      clock_in_at: minutesAgo(340),
      clock_out_at: minutesAgo(60),
      break_minutes: 45,
      worked_minutes: 235,
      pay: makePay({ chef_pay_cents: 7_833 }),
    });
    const money = {
      outcome: 'held',
      reason: null,
      state: 'held',
      shift_pay_cents: 9_000,
      total_cents: 9_630,
      chef_pay_cents: 9_000,
      fee_cents: 630,
      refund_cents: 0,
    };
    fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, money } } });
    renderApp('/jobs/x');
    await screen.findByTestId('chef-timesheet');
    await waitFor(() => expect(screen.getByTestId('chef-pay').textContent).toBe('$78.33'));
    expect(screen.getByTestId('timesheet-pay-chef').textContent).toBe('$78.33');
    // the timesheet decides the money: no "held until checkout", no checkout deadline (jobs applies none)
    expect(screen.queryByTestId('money-outcome')).toBeNull();
    expect(screen.queryByTestId('checkout-deadline')).toBeNull();
  });

  test('disputing an adjustment sends a statement, in Spanish', async () => {
    signedIn('chef', { language: 'es' });
    const { applicationId } = chefShift(-6 * 60 * MINUTE, {
      status: 'adjusted',
      clock_in_at: minutesAgo(340),
      clock_out_at: minutesAgo(60),
      worked_minutes: 235,
      events: [makeEvent('adjusted', { by: 'restaurant', note: 'Salió a las 10:15.' })],
    });
    fakeApi.on('POST', `/applications/${applicationId}/timesheet/dispute`, { body: {} });
    renderApp('/jobs/x');
    expect(await screen.findByText(/El restaurante cambió tu hoja de horas/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disputar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar la disputa' }));
    expect(await screen.findByText('Cuenta qué pasó, por favor.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/¿Qué pasó de verdad\?/), 'Me quedé hasta las 11 limpiando.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar la disputa' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/timesheet/dispute`)[0]?.body).toEqual({
        statement: 'Me quedé hasta las 11 limpiando.',
      }),
    );
  });

  test('a no-show can be contested with a statement', async () => {
    signedIn('chef');
    const { applicationId } = chefShift(-2 * 60 * MINUTE, {
      status: 'no_show',
      events: [makeEvent('no_show', { by: 'restaurant', at: minutesAgo(30) })],
    });
    fakeApi.on('POST', `/applications/${applicationId}/timesheet/dispute`, { body: {} });
    renderApp('/jobs/x');
    expect(await screen.findByText('The restaurant marked you as a no-show for this shift.')).toBeTruthy();
    expect(screen.getByText(/^You can contest it until /)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Contest' }));
    await userEvent.type(
      screen.getByLabelText(/Tell Brigade what happened/),
      'I was there at 6, the door was locked.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/timesheet/dispute`)[0]?.body).toEqual({
        statement: 'I was there at 6, the door was locked.',
      }),
    );
  });
});
