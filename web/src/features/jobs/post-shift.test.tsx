import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { formBody } from '../../../test/form-body';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';
import { toLocalInput } from './validation';

describe('post shift', () => {
  test('the cost is shown as the form is filled: hours, subtotal, 7% booking fee and total', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    expect(screen.getByText('Choose the start, end and hourly rate to see the cost.')).toBeTruthy();
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(9, 0, 0, 0);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(start.getTime() + 5.5 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '18.50' } });
    expect(screen.getByTestId('pay-hours').textContent).toBe('5.5');
    expect(screen.getByTestId('pay-subtotal').textContent).toBe('$101.75');
    expect(screen.getByTestId('pay-fee').textContent).toBe('$7.12');
    expect(screen.getByTestId('pay-total').textContent).toBe('$108.87');
    expect(screen.getByText('Booking fee (7%)')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/10 ?%|90 ?%/);
    // issue 34: before paying, the card is said to be kept for approved extra hours
    expect(screen.getByTestId('card-kept-note').textContent).toBe(
      "Your card is kept on file to charge the extra hours you approve when a chef works past the shift's end.",
    );
  });

  test('an unpaid break (default 0) is left out of the cost: 5 hours less 30 minutes at $20', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    const breakField = screen.getByLabelText('Unpaid break (minutes)') as HTMLInputElement;
    expect(breakField.value).toBe('0');
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(18, 0, 0, 0);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(start.getTime() + 5 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    expect(screen.getByTestId('pay-total').textContent).toBe('$107.00');
    fireEvent.change(breakField, { target: { value: '30' } });
    expect(screen.getByTestId('pay-hours').textContent).toBe('4.5');
    expect(screen.getByTestId('pay-subtotal').textContent).toBe('$90.00');
    expect(screen.getByTestId('pay-fee').textContent).toBe('$6.30');
    expect(screen.getByTestId('pay-total').textContent).toBe('$96.30');
    // a break out of 0-120 shows no price, and the post is refused before anything is sent
    fireEvent.change(breakField, { target: { value: '150' } });
    expect(screen.queryByTestId('pay-total')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The break must be a whole number of minutes from 0 to 120',
    );
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(0);
  });

  test('in Spanish, the break field and its hint', async () => {
    signedIn('restaurant', { language: 'es' });
    renderApp('/jobs/post');
    expect(await screen.findByLabelText('Descanso sin pago (minutos)')).toBeTruthy();
    expect(screen.getByText(/^De 0 a 120\. El costo del turno no incluye el descanso/)).toBeTruthy();
    expect(screen.getByTestId('card-kept-note').textContent).toMatch(
      /^Guardamos tu tarjeta para cobrar las horas extra/,
    );
  });

  test('a declined card shows the spec text, keeps the job, and paying again never posts a second job', async () => {
    signedIn('restaurant');
    const job = makeJob({ status: 'pending_payment', payment_status: 'pending' });
    fakeApi.on('POST', '/jobs', { status: 201, body: { job } });
    let escrowCalls = 0;
    fakeApi.on('POST', '/payments/create-escrow-payment', () =>
      ++escrowCalls === 1
        ? { status: 404, body: { error: 'Job not found or not authorized', code: 'PAYMENTS.JOB_NOT_FOUND' } }
        : {
            body: {
              client_secret: 'pi_123_secret_abc',
              payment_intent_id: 'pi_123',
              amount_cents: 10_700,
              subtotal_cents: 10_000,
              fee_cents: 700,
              currency: 'usd',
            },
          },
    );
    fakeApi.on('POST', '/sandbox/stripe/v1/payment_intents/:id/confirm', (call) =>
      formBody(call.body)['card[number]'] === '4242424242424242'
        ? { body: { id: 'pi_123', status: 'succeeded' } }
        : {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
              },
            },
          },
    );
    let jobStatus = 'pending_payment';
    fakeApi.on('GET', '/jobs/:id', () => ({ body: { job: { ...job, status: jobStatus } } }));
    const { router } = renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
    fireEvent.change(screen.getByLabelText('Start'), {
      target: { value: toLocalInput(new Date(job.start_time)) },
    });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(job.end_time)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    await userEvent.click(screen.getByLabelText('Urgent'));
    fireEvent.change(screen.getByLabelText('Unpaid break (minutes)'), { target: { value: '30' } });
    await userEvent.type(screen.getByLabelText('Card number'), '4000000000000002');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card was declined. Please check your card details or try a different card.',
    );
    expect(fakeApi.callsTo('POST', '/jobs')[0].body).toMatchObject({
      title: 'Line Cook',
      hourlyRate: 20,
      emergencyLevel: 'urgent',
      notifyFavorites: [],
      breakMinutes: 30,
    });
    expect(fakeApi.callsTo('POST', '/payments/create-escrow-payment').at(-1)!.body).toEqual({
      job_id: job.id,
      amount: 10_700,
    });
    expect(screen.getByRole('link', { name: 'Pay for this shift' }).getAttribute('href')).toBe(
      `/payments/${job.id}`,
    );

    const number = screen.getByLabelText('Card number');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
    jobStatus = 'open';
    await userEvent.click(screen.getByRole('button', { name: 'Try the payment again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${job.id}`));
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(1);
    expect(await screen.findByText('Your shift is posted and paid. Chefs can apply now.')).toBeTruthy();
  });

  test('an incomplete card number is refused before anything is sent', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Dishwasher');
    const start = new Date(Date.now() + 3_600_000);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(start.getTime() + 4 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '90' } });
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hourly rate must be between $15 and $75');
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(0);
  });

  test("a shift under the server's minimum reads its refusal, then the form says it before sending (issue 35)", async () => {
    signedIn('restaurant');
    fakeApi.on('POST', '/jobs', {
      status: 400,
      body: {
        error: 'A shift must be at least 2 hours long.',
        code: 'JOBS.SHIFT_TOO_SHORT',
        min_shift_ms: 7_200_000,
      },
    });
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Dishwasher');
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(9, 0, 0, 0);
    const end = (hours: number) =>
      fireEvent.change(screen.getByLabelText('End'), {
        target: { value: toLocalInput(new Date(start.getTime() + hours * 3_600_000)) },
      });
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    end(1.5);
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    const submit = screen.getByRole('button', { name: 'Post Shift and Pay' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('A shift must be at least 2 hours long.');
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(1);
    // the minimum is known now: the end field says it, and a second try is refused before anything is sent
    expect(screen.getByLabelText('End').getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(submit);
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(1);
    end(2);
    expect(screen.getByLabelText('End').getAttribute('aria-invalid')).toBeNull();
  });
});
