// Issue 38: a chef's tax year and a restaurant's weekly statement, as the payments ledger reports them: the
// figures, the threshold line and the note, the restaurants; the week's lines by shift and chef with the totals,
// the weeks before and after; Print and the server's CSV; English and Spanish; the way there from Earnings and
// Receipts.
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, signedIn } from '../../../test/signed-in';
import { shiftWeek } from './isoWeeks';
import { groupLines } from './WeeklyStatementPage';
import type { Statement, TaxYear } from './statementsApi';

afterEach(() => void i18n.changeLanguage('en'));

const north = id('r');
const corktown = id('r');

function taxYear(year = 2026): TaxYear {
  return {
    year,
    gross_pay_cents: 182_500,
    tips_cents: 25_000,
    instant_payout_fees_cents: 150,
    shifts: 9,
    restaurants: [
      {
        restaurant_id: north,
        restaurant_name: 'North Loop Kitchen',
        shifts: 6,
        gross_pay_cents: 120_000,
        tips_cents: 20_000,
      },
      {
        restaurant_id: corktown,
        restaurant_name: 'Corktown Diner',
        shifts: 3,
        gross_pay_cents: 62_500,
        tips_cents: 5_000,
      },
    ],
    reached_threshold: true,
    threshold_cents: 200_000,
    note: "Your tax form comes from Stripe Connect's tax reporting, not from Brigade.",
    time_zone: 'America/Chicago',
  };
}

const lineCook = id('j');
const prep = id('j');
const ana = id('c');
const ben = id('c');

function statement(week = '2026-W48'): Statement {
  const line = (over: Partial<Statement['lines'][number]>): Statement['lines'][number] => ({
    at: '2026-11-24T20:00:00.000Z',
    job_id: lineCook,
    position: 'Line Cook',
    shift_start: '2026-11-25T22:00:00.000Z',
    seat_no: 0,
    chef_id: ana,
    chef_name: 'Ana Ruiz',
    kind: 'charge',
    amount_cents: 21_400,
    provider_id: 'pi_1',
    ...over,
  });
  return {
    week,
    time_zone: 'America/Chicago',
    starts_at: '2026-11-23T06:00:00.000Z',
    ends_at: '2026-11-30T06:00:00.000Z',
    lines: [
      line({}),
      line({ kind: 'fee', amount_cents: 1_400, seat_no: 1, provider_id: null }),
      line({ kind: 'tip', amount_cents: 3_000, seat_no: 1, provider_id: 'pi_tip' }),
      line({
        job_id: prep,
        position: 'Prep Cook',
        chef_id: ben,
        chef_name: 'Ben Ode',
        at: '2026-11-26T20:00:00.000Z',
        amount_cents: 10_700,
      }),
      line({
        job_id: prep,
        position: 'Prep Cook',
        chef_id: ben,
        chef_name: 'Ben Ode',
        kind: 'refund',
        amount_cents: 10_700,
        seat_no: 1,
        at: '2026-11-27T20:00:00.000Z',
      }),
    ],
    totals: {
      charged_cents: 35_100,
      refunded_cents: 10_700,
      fees_cents: 1_400,
      tips_cents: 3_000,
      net_cents: 24_400,
    },
  };
}

/** The browser's file download (jsdom has none): the names files were saved as. */
function captureDownloads() {
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:brigade/csv', revokeObjectURL: () => undefined });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { names, restore: () => click.mockRestore() };
}

describe('Tax year (chef)', () => {
  test('the figures, the threshold line, the note and the restaurants, most paid first; another year picked', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/earnings/tax-year', (call) => ({
      body: taxYear(Number(call.query.year)),
    }));
    const { router } = renderApp('/earnings/tax-year?year=2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax year 2026' })).toBeTruthy();
    expect((await screen.findByTestId('tax-gross')).textContent).toBe('$1,825.00');
    expect(screen.getByTestId('tax-tips').textContent).toBe('$250.00');
    expect(screen.getByTestId('tax-fees').textContent).toBe('$1.50');
    expect(screen.getByTestId('tax-shifts').textContent).toBe('9 shifts paid in the year');
    expect(screen.getByTestId('tax-threshold').textContent).toBe(
      'Your payments in 2026 ($2,075.00) reached the reporting threshold of $2,000.00.',
    );
    expect(screen.getByTestId('tax-note').textContent).toMatch(/Stripe Connect's tax reporting/);
    const rows = screen.getAllByTestId('tax-restaurant');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'North Loop Kitchen',
      'Corktown Diner',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2025');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax year 2025' })).toBeTruthy();
    expect(router.state.location.search).toBe('?year=2025');
    expect(fakeApi.callsTo('GET', '/payments/earnings/tax-year').map((c) => c.query.year)).toContain('2025');
  });

  test('in Spanish; Print and Download CSV of the year', async () => {
    signedIn('chef', { language: 'es' });
    fakeApi.on('GET', '/payments/earnings/tax-year', (call) =>
      call.query.format === 'csv'
        ? {
            body: 'item,restaurant\r\n',
            headers: { 'content-disposition': 'attachment; filename="brigade-tax-year-2026.csv"' },
          }
        : { body: { ...taxYear(), reached_threshold: false } },
    );
    const print = jest.fn();
    window.print = print;
    const downloads = captureDownloads();
    try {
      renderApp('/earnings/tax-year?year=2026');
      expect(await screen.findByRole('heading', { level: 1, name: 'Año fiscal 2026' })).toBeTruthy();
      expect((await screen.findByTestId('tax-threshold')).textContent).toMatch(/no alcanzaron el umbral/);
      expect(screen.getByTestId('tax-note').textContent).toMatch(/Stripe Connect/);
      await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
      expect(print).toHaveBeenCalledTimes(1);
      await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
      await waitFor(() => expect(downloads.names).toHaveLength(1));
      const csv = fakeApi
        .callsTo('GET', '/payments/earnings/tax-year')
        .filter((c) => c.query.format === 'csv');
      expect(csv.map((c) => c.query.year)).toEqual(['2026']);
    } finally {
      downloads.restore();
    }
  });

  test('Earnings links to the tax year', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/earnings', { body: { paid_out_cents: 0, on_its_way_cents: 0, shifts: [] } });
    fakeApi.on('GET', '/payments/earnings/tax-year', { body: taxYear(new Date().getFullYear()) });
    const { router } = renderApp('/earnings');
    await userEvent.click(await screen.findByRole('link', { name: 'Tax year statement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/earnings/tax-year'));
    expect(await screen.findByTestId('tax-gross')).toBeTruthy();
  });
});

describe('Weekly statement (restaurant)', () => {
  test('the week, its totals and its lines by shift and chef; the previous week is a link', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/statements', (call) => ({ body: statement(call.query.week ?? '2026-W48') }));
    const { router } = renderApp('/statements?week=2026-W48');
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly statement' })).toBeTruthy();
    expect((await screen.findByTestId('statement-week')).textContent).toBe(
      '2026-W48: Nov 23, 2026 – Nov 29, 2026',
    );
    expect(screen.getByTestId('week-charged').textContent).toBe('$351.00');
    expect(screen.getByTestId('week-refunded').textContent).toBe('$107.00');
    expect(screen.getByTestId('week-net').textContent).toBe('$244.00');
    expect(screen.getByTestId('week-fees').textContent).toBe('$14.00');
    expect(screen.getByTestId('week-tips').textContent).toBe('$30.00');
    const groups = screen.getAllByTestId('statement-group');
    expect(groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Line Cook · Nov 25, 2026',
      'Prep Cook · Nov 25, 2026',
    ]);
    expect(within(groups[0]).getByText('Ana Ruiz')).toBeTruthy();
    expect(
      within(groups[0])
        .getAllByTestId('statement-line')
        .map((l) =>
          within(l)
            .getAllByRole('cell')
            .slice(1)
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Charge', '$214.00'],
      ['Booking fee (kept by Brigade)', '$14.00'],
      ['Tip', '$30.00'],
    ]);
    expect(within(groups[1]).getAllByRole('cell').at(-1)!.textContent).toBe('-$107.00');
    await userEvent.click(screen.getByRole('link', { name: '← Previous week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-W47'));
    await waitFor(() =>
      expect(fakeApi.callsTo('GET', '/payments/statements').map((c) => c.query.week)).toContain('2026-W47'),
    );
  });

  test('in Spanish, a week with nothing says so; Download CSV asks for the shown week', async () => {
    signedIn('restaurant', { language: 'es' });
    fakeApi.on('GET', '/payments/statements', (call) =>
      call.query.format === 'csv'
        ? { body: 'week,at\r\n' }
        : {
            body: {
              ...statement('2026-W47'),
              lines: [],
              totals: { charged_cents: 0, refunded_cents: 0, fees_cents: 0, tips_cents: 0, net_cents: 0 },
            },
          },
    );
    const downloads = captureDownloads();
    try {
      renderApp('/statements');
      expect(await screen.findByRole('heading', { level: 1, name: 'Estado de cuenta semanal' })).toBeTruthy();
      expect(await screen.findByText('Sin cobros, reembolsos ni propinas esta semana.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
      await waitFor(() => expect(downloads.names).toHaveLength(1));
      const csv = fakeApi.callsTo('GET', '/payments/statements').filter((c) => c.query.format === 'csv');
      expect(csv.map((c) => c.query.week)).toEqual(['2026-W47']);
    } finally {
      downloads.restore();
    }
  });

  test('a bad week shows the server refusal; Receipts links to the statement', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/statements', (call) =>
      call.query.week === '2025-W53'
        ? {
            status: 400,
            body: { error: 'week must be an ISO week like 2026-W48', code: 'PAYMENTS.BAD_WEEK' },
          }
        : { body: statement() },
    );
    fakeApi.on('GET', '/payments/receipts', {
      body: {
        totals: {
          charged_cents: 0,
          shift_pay_cents: 0,
          platform_fee_cents: 0,
          refund_cents: 0,
          net_charged_cents: 0,
        },
        receipts: [],
      },
    });
    fakeApi.on('GET', '/payments/balances', { body: { balances: [], total_owed_cents: 0 } });
    const { router } = renderApp('/statements?week=2025-W53');
    expect((await screen.findByRole('alert')).textContent).toBe('week must be an ISO week like 2026-W48');
    await router.navigate('/receipts');
    await userEvent.click(await screen.findByRole('link', { name: 'Weekly statement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/statements'));
    expect(await screen.findByTestId('week-charged')).toBeTruthy();
  });
});

describe('weeks and groups', () => {
  test('the week before and after crosses years as ISO weeks do', () => {
    expect(shiftWeek('2026-W01', -1)).toBe('2025-W52');
    expect(shiftWeek('2026-W53', 1)).toBe('2027-W01');
    expect(shiftWeek('2027-W01', -1)).toBe('2026-W53');
    expect(shiftWeek('junk', 1)).toBeNull();
  });

  test("a posting's own movements are their own group, apart from its chefs' seats", () => {
    const [charge] = statement().lines;
    const groups = groupLines([
      { ...charge, chef_id: null, chef_name: null },
      { ...charge, seat_no: 1, kind: 'fee' },
      { ...charge, seat_no: 2, chef_id: ben, chef_name: 'Ben Ode', kind: 'fee' },
    ]);
    expect(groups.map((g) => [g.chef_name, g.lines.length])).toEqual([
      [null, 1],
      ['Ana Ruiz', 1],
      ['Ben Ode', 1],
    ]);
  });
});
