import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';
import { serverMoney } from '../../../test/money';

describe('checkout', () => {
  /** A filled 5-hour shift that ended a minute ago: checkout opens at the end (issue 32). */
  const filled = (overrides = {}) =>
    makeJob({
      status: 'filled',
      start_time: new Date(Date.now() - 5 * 3_600_000 - 60_000).toISOString(),
      end_time: new Date(Date.now() - 60_000).toISOString(),
      ...overrides,
    });

  test('a restaurant answers whether the chef worked and rates them, nothing chosen in advance, then reads a receipt that stays', async () => {
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
        work_completed: true,
      },
    });
    const { router } = renderApp(`/checkout/${app.id}`);
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    // Nothing is chosen for the restaurant: neither answer, no star.
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(7);
    expect(radios.filter((r) => r.checked)).toEqual([]);
    expect(screen.getByRole('group', { name: 'Did the chef work this shift?' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Yes, the chef worked this shift'));
    await userEvent.click(screen.getByLabelText('4 stars'));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));
    await screen.findByRole('heading', { name: 'Checkout recorded' });
    // what happens to the money given the answers so far (issue 32), from the server's facts
    expect(screen.getByTestId('checkout-answer').textContent).toBe(
      "Checkout recorded. Waiting for the chef's checkout: your $107.00 stays held until then.",
    );
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: 4,
      workCompleted: true,
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

  test('a chef answers and rates too; after the mutual checkout the receipt shows the pay and no fee', async () => {
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
    expect(screen.getByRole('group', { name: 'Did you work this shift?' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Yes, I worked this shift'));
    await userEvent.click(screen.getByLabelText('5 stars'));
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
    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard/));
  });

  test('issue 39: a restaurant may add what went well, and reads when its review is shown', async () => {
    signedIn('restaurant');
    const job = filled();
    const publishes = new Date(Date.parse(job.end_time) + 7 * 24 * 3_600_000).toISOString();
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: { ...job, review_publishes_at: publishes },
      chef_profiles: { id: id(), user_id: id(), name: 'Lucía' },
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    fakeApi.on('POST', '/applications/:id/checkout', {
      body: {
        message: 'Checkout recorded.',
        mutualCheckoutCompleted: false,
        money: serverMoney(null),
        waiting_for: 'chef',
        work_completed: true,
      },
    });
    renderApp(`/checkout/${app.id}`);
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    await userEvent.click(screen.getByLabelText('Yes, the chef worked this shift'));
    expect(screen.getByTestId('review-note').textContent).toMatch(
      /^Your rating and words are a review\. The other side reads it when both of you have written one, or 7 days after the shift \(.+\) if they never do\.$/,
    );
    const tags = screen.getByRole('group', { name: 'What went well (optional)' });
    const boxes = within(tags).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([false, false, false]);
    await userEvent.click(within(tags).getByLabelText('Would book again'));
    await userEvent.click(within(tags).getByLabelText('On time'));
    await userEvent.click(screen.getByLabelText('5 stars'));
    // the words are at most 1,000 characters, as the server takes them
    expect(screen.getByLabelText('Feedback (optional)').getAttribute('maxlength')).toBe('1000');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));
    await screen.findByRole('heading', { name: 'Checkout recorded' });
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: 5,
      workCompleted: true,
      feedback: null,
      tags: ['on_time', 'would_book_again'],
    });
  });

  test('issue 39: "the chef did not work" shows no tags and sends none', async () => {
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
    renderApp(`/checkout/${app.id}`);
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    expect(screen.getByRole('group', { name: 'What went well (optional)' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('No, the chef did not work this shift'));
    expect(screen.queryByRole('group', { name: 'What went well (optional)' })).toBeNull();
  });

  /** The chef at the checkout of `job` (a filled shift that has ended unless told), in `language`. */
  function chefAt(job = filled(), language: 'en' | 'es' = 'en') {
    signedIn('chef', { language });
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: job,
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    fakeApi.on('POST', '/applications/:id/checkout', {
      body: {
        message: 'Checkout recorded.',
        mutualCheckoutCompleted: false,
        money: serverMoney(null),
        waiting_for: 'restaurant',
        work_completed: true,
      },
    });
    renderApp(`/checkout/${app.id}`);
    return app;
  }
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));

  test('submitting with nothing chosen says what is missing and sends nothing', async () => {
    const app = chefAt();
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).filter((r) => r.checked)).toEqual([]);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Please answer every question above before checking out.',
    );
    expect(screen.getByText('Please say whether the shift was worked.')).toBeTruthy();
    expect(screen.getByText('Please choose a rating from 1 to 5 stars.')).toBeTruthy();
    // Worked, but still no star: the rating alone is missing.
    await userEvent.click(screen.getByLabelText('Yes, I worked this shift'));
    // a chef's review of a restaurant takes no tags (issue 39)
    expect(screen.queryByRole('group', { name: 'What went well (optional)' })).toBeNull();
    await submit();
    expect(screen.queryByText('Please say whether the shift was worked.')).toBeNull();
    expect(screen.getByText('Please choose a rating from 1 to 5 stars.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)).toHaveLength(0);
    await userEvent.click(screen.getByLabelText('3 stars'));
    await submit();
    await screen.findByRole('heading', { name: 'Checkout recorded' });
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: 3,
      workCompleted: true,
      feedback: null,
    });
  });

  test('the stars are one radio group a keyboard reaches and moves through; the chosen ones light up', async () => {
    // user-event walks a radio group with CSS.escape, which jsdom lacks (browsers have it).
    const css = ((globalThis as { CSS?: { escape?: (v: string) => string } }).CSS ??= {});
    css.escape ??= (v: string) => v.replace(/([^\w-])/g, '\\$1');
    const app = chefAt();
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    await userEvent.click(screen.getByLabelText('Yes, I worked this shift'));
    const group = screen.getByRole('group', { name: 'How was working with North Loop Kitchen?' });
    const stars = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    // From the answer above, Tab lands on the stars (the first, none being chosen), arrows choose.
    await userEvent.tab();
    expect(document.activeElement).toBe(stars[0]);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(stars[3]);
    expect(stars.map((s) => s.checked)).toEqual([false, false, false, true, false]);
    const lit = stars.map((s) => s.closest('label')!.classList.contains('star-on'));
    expect(lit).toEqual([true, true, true, true, false]);
    await submit();
    await screen.findByRole('heading', { name: 'Checkout recorded' });
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toMatchObject({ rating: 4 });
  });

  test('"I did not work this shift" hides the stars and sends no rating', async () => {
    const app = chefAt();
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    await userEvent.click(screen.getByLabelText('Yes, I worked this shift'));
    await userEvent.click(screen.getByLabelText('2 stars'));
    await userEvent.click(screen.getByLabelText('I did not work this shift'));
    expect(screen.queryByLabelText('2 stars')).toBeNull();
    expect(screen.queryByRole('group', { name: /How was working with/ })).toBeNull();
    await submit();
    await screen.findByRole('heading', { name: 'Checkout recorded' });
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: null,
      workCompleted: false,
      feedback: null,
    });
  });

  test('before the shift ends there is nothing to check out yet: the page says when it opens', async () => {
    const running = () =>
      makeJob({
        status: 'filled',
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date(Date.now() + 4 * 3_600_000).toISOString(),
      });
    chefAt(running());
    expect(
      await screen.findByText(/^Checkout opens at \d{1,2}:\d{2}\s[AP]M( C[SD]T)?, when the shift ends\.$/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete Checkout' })).toBeNull();
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });

  test('in Spanish, before the end: when the checkout opens', async () => {
    chefAt(
      makeJob({
        status: 'filled',
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date(Date.now() + 4 * 3_600_000).toISOString(),
      }),
      'es',
    );
    expect(
      await screen.findByText(
        /^Podrás registrar la salida a las \d{1,2}:\d{2}.*, cuando termine el turno\.$/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar salida' })).toBeNull();
  });

  test("the server's refusal before the end (another clock) says when checkout opens", async () => {
    const app = chefAt();
    fakeApi.on('POST', '/applications/:id/checkout', {
      status: 409,
      body: {
        error: 'Checkout opens at the end of the shift: Mon, Jan 5, 12:53 PM CST.',
        code: 'JOBS.CHECKOUT_NOT_OPEN',
        opens_at: '2026-01-05T18:53:00.000Z',
        time_zone: 'America/Chicago',
      },
    });
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    await userEvent.click(screen.getByLabelText('Yes, I worked this shift'));
    await userEvent.click(screen.getByLabelText('5 stars'));
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Checkout opens at the end of the shift: Mon, Jan 5, 12:53 PM.',
    );
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)).toHaveLength(1);
  });
});
