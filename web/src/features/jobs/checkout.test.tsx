import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';
import { serverMoney } from '../../../test/money';

describe('checkout', () => {
  const filled = (overrides = {}) =>
    makeJob({
      status: 'filled',
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      ...overrides,
    });

  test('a restaurant rates the chef with the work-completed box, then reads a receipt that stays', async () => {
    signedIn('restaurant');
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: filled(),
      chef_profiles: { id: id(), user_id: id(), name: 'Lucía' },
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    fakeApi.on('POST', '/applications/:id/checkout', {
      body: {
        message: 'Checkout recorded.',
        mutualCheckoutCompleted: false,
        money: serverMoney(null),
        waiting_for: 'chef',
        work_completed: false,
      },
    });
    const { router } = renderApp(`/checkout/${app.id}`);
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    expect((screen.getByLabelText('5 stars') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText('4 stars'));
    await userEvent.click(screen.getByLabelText('The work was completed'));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));
    await screen.findByRole('heading', { name: 'Checkout recorded' });
    // what happens to the money given the answers so far (issue 32), from the server's facts
    expect(screen.getByTestId('checkout-answer').textContent).toBe(
      'Checkout recorded. You said the shift was not worked. If the chef agrees, your $107.00 comes back to your card; if not, the shift goes to review. The money stays held until then.',
    );
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: 4,
      workCompleted: false,
      feedback: null,
    });
    // the receipt: hours, the chef's pay, the 7% fee and what the card paid, and the rule that comes next
    const receipt = within(screen.getByRole('region', { name: 'Receipt' }));
    expect(receipt.getByTestId('receipt-hours').textContent).toBe('5');
    expect(receipt.getByTestId('receipt-pay').textContent).toBe('$100.00');
    expect(receipt.getByTestId('receipt-fee').textContent).toBe('$7.00');
    expect(receipt.getByTestId('receipt-total').textContent).toBe('$107.00');
    expect(screen.getByTestId('receipt-deadline').textContent).toMatch(/^Checkout answers are due by /);
    // it stays until the reader leaves it (no timed redirect)
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(router.state.location.pathname).toBe(`/checkout/${app.id}`);
    await userEvent.click(screen.getByRole('link', { name: 'Go to My Shifts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shifts'));
  }, 15_000);

  test('a chef has no work-completed box; after the mutual checkout the receipt shows the pay and no fee', async () => {
    signedIn('chef');
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: filled({ restaurant_checkout_completed: true }),
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    fakeApi.on('POST', '/applications/:id/checkout', {
      body: {
        message: 'Checkout recorded.',
        mutualCheckoutCompleted: true,
        money: serverMoney('release'),
        waiting_for: null,
        work_completed: true,
      },
    });
    const { router } = renderApp(`/checkout/${app.id}`);
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    expect(screen.queryByLabelText('The work was completed')).toBeNull();
    await userEvent.type(screen.getByLabelText('Feedback (optional)'), 'Great team');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));
    await screen.findByRole('heading', { name: 'Paid in full' });
    expect(screen.getByTestId('checkout-answer').textContent).toBe(
      'Checkout recorded. Paid in full: your $100.00 is on its way to you.',
    );
    expect(screen.queryByTestId('receipt-deadline')).toBeNull();
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: 5,
      workCompleted: true,
      feedback: 'Great team',
    });
    expect(screen.getByTestId('receipt-pay').textContent).toBe('$100.00');
    expect(screen.queryByTestId('receipt-fee')).toBeNull();
    expect(screen.getByText('Your pay')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/checkout/${app.id}`);
    await userEvent.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard/));
  });

  test('before the shift starts there is nothing to check out yet', async () => {
    signedIn('chef');
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: makeJob({ status: 'filled' }),
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    renderApp(`/checkout/${app.id}`);
    expect(await screen.findByText('Checkout opens when the shift starts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete Checkout' })).toBeNull();
  });
});
