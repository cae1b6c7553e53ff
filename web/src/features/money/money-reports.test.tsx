// Issue 20: a chef's Earnings and a restaurant's Receipts, as the payments ledger reports them: totals, one card
// per shift readable on a phone, English and Spanish, the server's CSV export, a printable receipts page, and the
// way there from the account menu (the phone's tab bar keeps its four sections).
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, signedIn } from '../../../test/signed-in';
import { attachmentName, type ShiftTimesheet } from '../payments/paymentsApi';
import { balance, serverMoney, shiftTimesheet } from '../../../test/money';

afterEach(() => void i18n.changeLanguage('en'));

const day = (offset: number) => new Date(Date.UTC(2026, 10, 20 + offset, 23, 0)).toISOString();

function earnings() {
  return {
    paid_out_cents: 30_000,
    on_its_way_cents: 12_500,
    shifts: [
      {
        job_id: id('e'),
        date: day(3),
        restaurant_id: id('r'),
        restaurant_name: 'North Loop Kitchen',
        position: 'Line Cook',
        hours: 5,
        gross_pay_cents: 12_500,
        status: 'on_its_way',
        paid_out_at: null,
        money: serverMoney(null, { shift: 12_500, total: 13_375 }),
      },
      {
        job_id: id('e'),
        date: day(2),
        restaurant_id: id('r'),
        restaurant_name: 'North Loop Kitchen',
        position: 'Prep Cook',
        hours: 8,
        gross_pay_cents: 20_000,
        status: 'paid_out',
        paid_out_at: day(2),
        money: serverMoney('release', { done: true, shift: 20_000, total: 21_400 }),
      },
      {
        job_id: id('e'),
        date: day(1),
        restaurant_id: id('r'),
        restaurant_name: null,
        position: 'Line Cook',
        hours: 8.5,
        gross_pay_cents: 10_000,
        status: 'cancellation_pay',
        paid_out_at: day(1),
        money: serverMoney('late_cancellation', {
          done: true,
          shift: 21_250,
          total: 22_738,
          chef: 10_000,
          fee: 700,
          refund: 12_038,
        }),
      },
      {
        job_id: id('e'),
        date: day(0),
        restaurant_id: id('r'),
        restaurant_name: 'Corktown Diner',
        position: 'Dishwasher',
        hours: 4,
        gross_pay_cents: 0,
        status: 'refunded',
        paid_out_at: null,
        money: serverMoney('work_not_completed', { done: true, chef: 0, fee: 0, refund: 10_700 }),
      },
    ],
  };
}

function receipts() {
  return {
    totals: {
      charged_cents: 37_450,
      shift_pay_cents: 25_000,
      platform_fee_cents: 1_750,
      refund_cents: 10_700,
      net_charged_cents: 26_750,
    },
    receipts: [
      {
        job_id: id('p'),
        date: day(2),
        position: 'Line Cook',
        chef_id: id('c'),
        chef_name: 'Ana Ruiz',
        payment_status: 'completed',
        charged_cents: 26_750,
        shift_pay_cents: 25_000,
        platform_fee_cents: 1_750,
        refund_cents: 0,
        net_charged_cents: 26_750,
        pending: false,
        card: { brand: null, last4: null, charge_id: 'ch_3PaidShift' },
        money: serverMoney('release', { done: true, shift: 25_000, total: 26_750 }),
      },
      {
        job_id: id('p'),
        date: day(1),
        position: 'Dishwasher',
        chef_id: null,
        chef_name: null,
        payment_status: 'refunded',
        charged_cents: 10_700,
        shift_pay_cents: 0,
        platform_fee_cents: 0,
        refund_cents: 10_700,
        net_charged_cents: 0,
        pending: false,
        card: { brand: 'visa', last4: '4242', charge_id: 'ch_3Refunded' },
        money: serverMoney('job_expired', { done: true, chef: 0, fee: 0, refund: 10_700 }),
      },
    ],
  };
}

/** The browser's file download (jsdom has none): the blobs handed over and the names they were saved as. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:brigade/csv'),
    revokeObjectURL: () => undefined,
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names, restore: () => click.mockRestore() };
}

describe('Earnings (chef)', () => {
  test('paid out, on its way, and one card per shift with its restaurant, hours, gross pay and status', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/earnings', { body: earnings() });
    renderApp('/earnings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeTruthy();
    expect((await screen.findByTestId('paid-out')).textContent).toBe('$300.00');
    expect(screen.getByTestId('on-its-way').textContent).toBe('$125.00');
    expect(screen.getByText('(4 shifts)')).toBeTruthy();
    const rows = screen.getAllByTestId('earning-row');
    expect(rows.map((r) => within(r).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Line Cook',
      'Prep Cook',
      'Line Cook',
      'Dishwasher',
    ]);
    // each shift's tag is what its money did (the server's outcome), with the outcome's sentence
    expect(within(rows[0]).getByText('Money held', { selector: '.tag' })).toBeTruthy();
    expect(within(rows[0]).getByText('On its way')).toBeTruthy();
    expect(within(rows[0]).getByText('$125.00')).toBeTruthy();
    expect(within(rows[0]).getByText(/North Loop Kitchen · Nov 2[34], 2026/)).toBeTruthy();
    expect(within(rows[1]).getByText('Paid in full', { selector: '.tag' })).toBeTruthy();
    expect(within(rows[1]).getByTestId('money-outcome').textContent).toBe(
      'Paid in full: $200.00 was paid out to you.',
    );
    expect(within(rows[1]).getByText(/^Paid out Nov 2[23], 2026$/)).toBeTruthy();
    expect(within(rows[2]).getByText('Late-cancellation pay', { selector: '.tag' })).toBeTruthy();
    expect(within(rows[2]).getByText('8.5')).toBeTruthy();
    expect(within(rows[3]).getByText('Refunded', { selector: '.tag' })).toBeTruthy();
    expect(within(rows[3]).getByTestId('money-outcome').textContent).toBe(
      'Refunded: the whole $107.00 went back to the restaurant, so this shift pays you nothing.',
    );
    expect(within(rows[3]).getByText('No pay')).toBeTruthy();
  });

  test('in Spanish (US Spanish numbers: 8.5 hours), positions translated', async () => {
    signedIn('chef', { language: 'es' });
    fakeApi.on('GET', '/payments/earnings', { body: earnings() });
    renderApp('/earnings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ganancias' })).toBeTruthy();
    expect(await screen.findByText('(4 turnos)')).toBeTruthy();
    const rows = await screen.findAllByTestId('earning-row');
    expect(within(rows[0]).getByRole('heading', { level: 3 }).textContent).toBe('Cocinero de línea');
    expect(within(rows[2]).getByText('Pago por cancelación tardía', { selector: '.tag' })).toBeTruthy();
    expect(within(rows[2]).getByText('8.5')).toBeTruthy();
    expect(screen.getByText('Pagado', { selector: '.stat-label' })).toBeTruthy();
  });

  test('no shifts yet: it says so, and offers no empty CSV', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/earnings', {
      body: { paid_out_cents: 0, on_its_way_cents: 0, shifts: [] },
    });
    renderApp('/earnings');
    expect(await screen.findByText(/No paid shifts yet/)).toBeTruthy();
    expect(screen.getByTestId('paid-out').textContent).toBe('$0.00');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  test("Download CSV fetches the server's export with the chef's token and saves it under the server's name", async () => {
    const { user } = signedIn('chef');
    fakeApi.on('GET', '/payments/earnings', (call) =>
      call.query.format === 'csv'
        ? { body: 'date,restaurant,position,hours,gross_pay,status,paid_out_at,job_id\r\n' }
        : { body: earnings() },
    );
    const downloads = captureDownloads();
    try {
      renderApp('/earnings');
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(downloads.names).toEqual(['brigade-earnings.csv']));
      const csvCalls = fakeApi.callsTo('GET', '/payments/earnings').filter((c) => c.query.format === 'csv');
      expect(csvCalls).toHaveLength(1);
      expect(csvCalls[0].authorization).toMatch(/^Bearer /);
      expect(downloads.blobs[0].type).toBe('text/csv;charset=utf-8');
      expect(user.user_type).toBe('chef');
    } finally {
      downloads.restore();
    }
  });

  test('a failed export says so', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/earnings', (call) =>
      call.query.format === 'csv'
        ? { status: 400, body: { error: 'format must be json or csv', code: 'HTTP.VALIDATION' } }
        : { body: earnings() },
    );
    const downloads = captureDownloads();
    try {
      renderApp('/earnings');
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The CSV file could not be downloaded. Please try again.',
      );
      expect(downloads.names).toEqual([]);
    } finally {
      downloads.restore();
    }
  });

  test("Earnings is a section of the chef's main navigation (the phone's tab bar); a chef is not shown Receipts", async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/earnings', { body: earnings() });
    const { router } = renderApp('/dashboard/chef');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Receipts' })).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'Earnings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/earnings');
    expect(within(nav).getByRole('link', { name: 'Earnings' }).getAttribute('aria-current')).toBe('page');
    await router.navigate('/receipts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chef'));
  });
});

describe('Receipts (restaurant)', () => {
  test('per shift: shift pay, platform fee, refunds, card and net charged, with the totals', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/receipts', { body: receipts() });
    renderApp('/receipts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipts' })).toBeTruthy();
    expect((await screen.findByTestId('net-charged')).textContent).toBe('$267.50');
    expect(screen.getByText('(2 receipts)')).toBeTruthy();
    const [paid, refunded] = screen.getAllByTestId('receipt-row');
    const fact = (row: HTMLElement, term: string) =>
      within(row).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(within(paid).getByText(/Ana Ruiz/)).toBeTruthy();
    expect(within(paid).getByText('Paid in full', { selector: '.tag' })).toBeTruthy();
    expect(within(refunded).getByText('Expired: refunded', { selector: '.tag' })).toBeTruthy();
    expect(fact(paid, 'Shift pay')).toBe('$250.00');
    expect(fact(paid, 'Booking fee')).toBe('$17.50');
    expect(fact(paid, 'Refunds')).toBe('$0.00');
    expect(fact(paid, 'Net charged')).toBe('$267.50');
    expect(within(paid).getByText('Card payment ch_3PaidShift')).toBeTruthy();
    expect(within(refunded).getByText(/No chef booked/)).toBeTruthy();
    expect(fact(refunded, 'Refunds')).toBe('$107.00');
    expect(fact(refunded, 'Net charged')).toBe('$0.00');
    expect(within(refunded).getByText('Card: Visa ending in 4242')).toBeTruthy();
  });

  test('Print opens the browser’s print dialog; Download CSV saves the export', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/receipts', (call) =>
      call.query.format === 'csv' ? { body: 'date,position\r\n' } : { body: receipts() },
    );
    const print = jest.fn();
    window.print = print;
    const downloads = captureDownloads();
    try {
      renderApp('/receipts');
      await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(downloads.names).toEqual(['brigade-receipts.csv']));
    } finally {
      downloads.restore();
    }
  });

  test('in Spanish; the account menu leads to Recibos and a restaurant is sent away from /earnings', async () => {
    signedIn('restaurant', { language: 'es' });
    fakeApi.on('GET', '/payments/receipts', { body: receipts() });
    const { router } = renderApp('/dashboard/restaurant');
    await userEvent.click(await screen.findByRole('button', { name: /Cuenta/ }));
    expect(screen.queryByRole('link', { name: 'Ganancias' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Recibos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recibos' })).toBeTruthy();
    expect(await screen.findByText('Pagado completo', { selector: '.tag' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
    await router.navigate('/earnings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/restaurant'));
  });
});

describe('a posting of several chefs (issue 35): each line names its seat', () => {
  test('a chef reads "Seat 2 of 3" on their seat of a posting; a shift of one seat names none', async () => {
    signedIn('chef');
    const report = earnings();
    Object.assign(report.shifts[0], { seat_no: 2, headcount: 3 });
    Object.assign(report.shifts[1], { seat_no: 1, headcount: 1 });
    fakeApi.on('GET', '/payments/earnings', { body: report });
    renderApp('/earnings');
    const rows = await screen.findAllByTestId('earning-row');
    expect(within(rows[0]).getByText(/North Loop Kitchen · Nov 2[34], 2026 · Seat 2 of 3/)).toBeTruthy();
    expect(within(rows[1]).queryByText(/Seat/)).toBeNull();
  });

  test('a restaurant reads a receipt line per seat, each "Seat N of 3" with its chef, in English and Spanish', async () => {
    const report = receipts();
    const seat = (n: number, chef: string | null) => ({
      ...report.receipts[0],
      seat_no: n,
      headcount: 3,
      chef_id: chef ? id('c') : null,
      chef_name: chef,
    });
    const posting = { ...report, receipts: [seat(1, 'Ana Ruiz'), seat(2, 'Ben Ortiz'), seat(3, null)] };
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/receipts', { body: posting });
    renderApp('/receipts');
    const rows = await screen.findAllByTestId('receipt-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText(/Seat 1 of 3 · Ana Ruiz/)).toBeTruthy();
    expect(within(rows[1]).getByText(/Seat 2 of 3 · Ben Ortiz/)).toBeTruthy();
    expect(within(rows[2]).getByText(/Seat 3 of 3 · No chef booked/)).toBeTruthy();
  });

  test('in Spanish: "Puesto 2 de 3"', async () => {
    signedIn('chef', { language: 'es' });
    const report = earnings();
    Object.assign(report.shifts[0], { seat_no: 2, headcount: 3 });
    fakeApi.on('GET', '/payments/earnings', { body: report });
    renderApp('/earnings');
    const rows = await screen.findAllByTestId('earning-row');
    expect(within(rows[0]).getByText(/Puesto 2 de 3/)).toBeTruthy();
  });
});

test("the saved file takes the name of the server's Content-Disposition", () => {
  expect(attachmentName('attachment; filename="brigade-earnings-2026-11-24.csv"', 'x.csv')).toBe(
    'brigade-earnings-2026-11-24.csv',
  );
  expect(attachmentName(null, 'brigade-receipts.csv')).toBe('brigade-receipts.csv');
});

describe("the hours behind the money (issue 34): the row's timesheet", () => {
  const fact = (row: HTMLElement, term: string) =>
    within(row).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  /** 5.5 hours worked on a 5-hour shift at $20: $10.00 more for the chef, $10.70 charged to the card. */
  const stayedLate = (status: 'pending' | 'collected' | 'failed', more: Partial<ShiftTimesheet> = {}) =>
    shiftTimesheet({
      worked_minutes: 330,
      extra_charge_cents: 1_070,
      extra_charge_status: status,
      extra_chef_pay_cents: 1_000,
      ...more,
    });

  test('a chef reads the hours worked and the pay for extra hours; a line paid as scheduled shows nothing more', async () => {
    signedIn('chef');
    const body = earnings();
    Object.assign(body.shifts[0], {
      timesheet: stayedLate('failed', { worked_minutes: 345, worked_hours: 5.75 }),
    });
    Object.assign(body.shifts[1], {
      timesheet: stayedLate('collected', { source: 'resolved' }),
    });
    Object.assign(body.shifts[2], { timesheet: null });
    fakeApi.on('GET', '/payments/earnings', { body });
    renderApp('/earnings');
    const [owed, collected, plain, older] = await screen.findAllByTestId('earning-row');
    expect(fact(owed, 'Hours worked')).toBe('5.75');
    expect(fact(owed, 'Timesheet')).toBe('Approved');
    expect(fact(owed, 'Pay for extra hours')).toBe('$10.00, waiting for the restaurant to pay its balance');
    expect(fact(collected, 'Timesheet')).toBe('Decided by Brigade');
    expect(fact(collected, 'Pay for extra hours')).toBe('$10.00, collected for you');
    // the card's movements are the restaurant's
    expect(within(owed).queryByText('Extra charge')).toBeNull();
    expect(within(owed).queryByRole('link', { name: 'Pay the balance' })).toBeNull();
    expect(within(plain).queryByTestId('worked-facts')).toBeNull();
    expect(within(older).queryByTestId('worked-facts')).toBeNull();
  });

  test('a restaurant reads each extra charge with its status, the partial refund and a difference under the minimum', async () => {
    signedIn('restaurant');
    const body = receipts();
    Object.assign(body.receipts[0], {
      timesheet: stayedLate('failed'),
    });
    Object.assign(body.receipts[1], {
      timesheet: shiftTimesheet({
        worked_minutes: 240,
        partial_refund_cents: 2_140,
        under_minimum: null,
      }),
    });
    fakeApi.on('GET', '/payments/receipts', { body });
    const { router } = renderApp('/receipts');
    const [late, short] = await screen.findAllByTestId('receipt-row');
    expect(fact(late, 'Hours worked')).toBe('5.5');
    expect(within(late).getByTestId('extra-charge').textContent).toBe(
      '$10.70, extra charge failed, balance owed',
    );
    expect(fact(late, "Chef's extra pay")).toBe('$10.00, waiting for your balance');
    expect(within(late).queryByText('Partial refund')).toBeNull();
    expect(fact(short, 'Hours worked')).toBe('4');
    expect(fact(short, 'Partial refund')).toBe('$21.40');
    expect(within(short).queryByText('Extra charge')).toBeNull();
    await userEvent.click(within(late).getByRole('link', { name: 'Pay the balance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/balances'));
  });

  test('pending and collected extra charges, and under the minimum charge, in Spanish', async () => {
    signedIn('restaurant', { language: 'es' });
    const body = receipts();
    Object.assign(body.receipts[0], {
      timesheet: stayedLate('pending'),
    });
    Object.assign(body.receipts[1], {
      timesheet: shiftTimesheet({
        source: 'sent_home',
        worked_minutes: 301,
        extra_charge_status: 'none',
        under_minimum: { kind: 'extra', cents: 33 },
      }),
    });
    fakeApi.on('GET', '/payments/receipts', { body });
    renderApp('/receipts');
    const [late, tiny] = await screen.findAllByTestId('receipt-row');
    expect(fact(late, 'Horas trabajadas')).toBe('5.5');
    expect(fact(late, 'Hoja de horas')).toBe('Aprobada');
    expect(within(late).getByTestId('extra-charge').textContent).toBe('$10.70, cargo adicional pendiente');
    expect(fact(late, 'Pago adicional del chef')).toBe('$10.00, se paga cuando se cobre a tu tarjeta');
    expect(within(late).queryByRole('link', { name: 'Pagar el saldo' })).toBeNull();
    expect(fact(tiny, 'Hoja de horas')).toBe('Enviado a casa');
    expect(fact(tiny, 'Por debajo del cargo mínimo')).toBe(
      '$0.33 más no se cobró (por debajo del cargo mínimo)',
    );
    expect(within(tiny).queryByText('Cargo adicional')).toBeNull();
  });

  test('a collected extra charge and an unmoved refund, in English', async () => {
    signedIn('restaurant');
    const body = receipts();
    Object.assign(body.receipts[0], {
      timesheet: stayedLate('collected'),
    });
    Object.assign(body.receipts[1], {
      timesheet: shiftTimesheet({ worked_minutes: 299, under_minimum: { kind: 'refund', cents: 36 } }),
    });
    fakeApi.on('GET', '/payments/receipts', { body });
    renderApp('/receipts');
    const [late, tiny] = await screen.findAllByTestId('receipt-row');
    expect(within(late).getByTestId('extra-charge').textContent).toBe('$10.70, extra charge collected');
    expect(fact(late, "Chef's extra pay")).toBe('$10.00, paid to the chef');
    expect(fact(tiny, 'Under the minimum charge')).toBe(
      '$0.36 less was not refunded (under the minimum charge)',
    );
  });
});

describe('"You owe $X for extra hours" on Receipts (issue 34)', () => {
  test('a restaurant with a balance reads what it owes and is led to /balances; without one, nothing', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/receipts', { body: receipts() });
    fakeApi.on('GET', '/payments/balances', {
      body: { total_cents: 1_070, balances: [balance()] },
    });
    const { router } = renderApp('/receipts');
    const notice = await screen.findByTestId('balance-notice');
    expect(notice.textContent).toBe('You owe $10.70 for extra hours. Pay the balance');
    await userEvent.click(within(notice).getByRole('link', { name: 'Pay the balance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/balances'));
  });
});
