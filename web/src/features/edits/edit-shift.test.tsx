// Issue 35: Edit Shift shows the edit's cost (GET /jobs/{id}/edit-quote) before PATCH /jobs/{id}; a refused quote
// shows its code's text and keeps Save off; a rise being charged (202) is followed on the job page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';

// A 5-hour shift at $20/h for one chef: $100.00 of pay, $7.00 fee, $107.00 charged; at $25/h: $133.75.
const raise = {
  old_total_cents: 10_700,
  new_total_cents: 13_375,
  charge_cents: 2_675,
  refund_cents: 0,
  // the server's sentence, the same as the screen's own: said once
  reason_text: '$26.75 more, charged to your card on file.',
  chefs_to_answer: 1,
};

function ownJob(user: { id: string }, overrides: Record<string, unknown> = {}) {
  return makeJob({
    restaurant_id: user.id,
    status: 'filled',
    applications: [],
    headcount: 1,
    seats: { total: 1, booked: 1, open: 0 },
    break_minutes: 0,
    ...overrides,
  });
}

async function openEdit() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit shift' }));
  return (await screen.findByRole('heading', { name: 'Edit this shift' })).closest('section')!;
}

describe('Edit Shift', () => {
  test('the quote is shown before saving: old and new totals, the charge and the chefs to ask; then PATCH, 202 and the charge followed', async () => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user);
    let served: Record<string, unknown> = job;
    fakeApi.on('GET', `/jobs/${job.id}`, () => ({ body: { job: served } }));
    fakeApi.on('GET', `/jobs/${job.id}/edit-quote`, { body: raise });
    const pending = {
      edit_id: '0e000000-0000-4000-8000-000000000001',
      status: 'charging',
      charge_cents: 2_675,
      requested_at: new Date().toISOString(),
      code: null,
    };
    fakeApi.on('PATCH', `/jobs/${job.id}`, () => {
      served = { ...job, pending_edit: pending };
      return { status: 202, body: { job: served, quote: raise, answers_due_by: null } };
    });
    renderApp(`/jobs/${job.id}`);
    const panel = await openEdit();
    // prefilled from the job
    expect((within(panel).getByLabelText('Hourly rate ($)') as HTMLInputElement).value).toBe('20');
    expect((within(panel).getByLabelText('How many chefs') as HTMLInputElement).value).toBe('1');
    expect(within(panel).getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);

    fireEvent.change(within(panel).getByLabelText('Hourly rate ($)'), { target: { value: '25' } });
    expect((await within(panel).findByTestId('edit-old-total')).textContent).toBe('$107.00');
    expect(within(panel).getByTestId('edit-new-total').textContent).toBe('$133.75');
    expect(within(panel).getByTestId('edit-movement').textContent).toBe(
      '$26.75 more, charged to your card on file',
    );
    expect(within(panel).queryByTestId('edit-reason-text')).toBeNull();
    expect(within(panel).getByText('1 booked chef will be asked to accept the change.')).toBeTruthy();
    // only the money field that changed is quoted (debounced: one quote for the settled value)
    expect(fakeApi.callsTo('GET', `/jobs/${job.id}/edit-quote`).map((c) => c.query)).toEqual([
      { hourlyRate: '25' },
    ]);
    expect(fakeApi.callsTo('PATCH', `/jobs/${job.id}`)).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('pending-edit')).textContent).toBe('Charging $26.75 to your card…');
    expect(screen.getAllByText('Charging $26.75 to your card…')).toHaveLength(1);
    expect(fakeApi.callsTo('PATCH', `/jobs/${job.id}`).map((c) => c.body)).toEqual([{ hourlyRate: 25 }]);
    // while it is charged the shift cannot be edited again
    expect(screen.queryByRole('button', { name: 'Edit shift' })).toBeNull();

    // the charge went through: the job reads its new terms and the page says so
    served = { ...job, hourly_rate: 25, total_cents: 13_375, pending_edit: null };
    await waitFor(
      () =>
        expect(screen.getByTestId('pending-edit').textContent).toBe(
          'Your change is saved: $26.75 was charged to your card.',
        ),
      { timeout: 4_000 },
    );
  });

  test('a refused quote shows its code text and keeps Save off', async () => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user);
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('GET', `/jobs/${job.id}/edit-quote`, {
      status: 400,
      body: { error: "A booked chef's pay cannot be lowered", code: 'JOBS.PAY_CUT_BOOKED' },
    });
    renderApp(`/jobs/${job.id}`);
    const panel = await openEdit();
    fireEvent.change(within(panel).getByLabelText('Hourly rate ($)'), { target: { value: '18' } });
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      "A booked chef's pay cannot be lowered. Keep the rate and hours, or raise them.",
    );
    expect(within(panel).getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
  });

  test('a lower total says what comes back; words only need no quote; in Spanish', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const job = ownJob(user, { status: 'open', seats: { total: 2, booked: 0, open: 2 }, headcount: 2 });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('GET', `/jobs/${job.id}/edit-quote`, {
      body: {
        ...raise,
        new_total_cents: 10_700,
        old_total_cents: 21_400,
        charge_cents: 0,
        refund_cents: 10_700,
        chefs_to_answer: 0,
      },
    });
    fakeApi.on('PATCH', `/jobs/${job.id}`, (call) => ({
      body: {
        job,
        quote: { ...raise, charge_cents: 0, refund_cents: 0 },
        answers_due_by: null,
        sent: call.body,
      },
    }));
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar turno' }));
    const panel = (await screen.findByRole('heading', { name: 'Editar este turno' })).closest('section')!;
    fireEvent.change(within(panel).getByLabelText('Cuántos chefs'), { target: { value: '1' } });
    expect((await within(panel).findByTestId('edit-movement')).textContent).toBe(
      '$107.00 vuelven a tu tarjeta',
    );
    fireEvent.change(within(panel).getByLabelText('Cuántos chefs'), { target: { value: '2' } });
    fireEvent.change(within(panel).getByLabelText('Descripción (opcional)'), {
      target: { value: 'Traer cuchillos' },
    });
    expect(await within(panel).findByText('Este cambio no mueve dinero.')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByTestId('edit-note')).textContent).toBe('Tus cambios están guardados.');
    expect(fakeApi.callsTo('PATCH', `/jobs/${job.id}`).map((c) => c.body)).toEqual([
      { description: 'Traer cuchillos' },
    ]);
  });

  test('no Edit shift inside the late window, nor for a cancelled shift; a declined charge says so', async () => {
    const { user } = signedIn('restaurant');
    const soon = new Date(Date.now() + 3_600_000);
    const late = ownJob(user, {
      start_time: soon.toISOString(),
      end_time: new Date(soon.getTime() + 5 * 3_600_000).toISOString(),
      late_cancel_from: new Date(Date.now() - 3_600_000).toISOString(),
      pending_edit: {
        edit_id: '0e000000-0000-4000-8000-000000000002',
        status: 'declined',
        charge_cents: 2_675,
        requested_at: new Date().toISOString(),
        code: 'card_declined',
      },
    });
    fakeApi.on('GET', `/jobs/${late.id}`, { body: { job: late } });
    renderApp(`/jobs/${late.id}`);
    expect((await screen.findByTestId('pending-edit')).textContent).toMatch(
      /^Your change was not saved: the card was declined\. /,
    );
    expect(screen.queryByRole('button', { name: 'Edit shift' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Book again' })).toBeTruthy();
  });
});
