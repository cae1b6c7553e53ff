// Issue 35: Post Shift's "Repeat weekly" (the whole series' total before paying, a saved card first, POST
// /jobs/series), My Shifts' grouping of a series, and the series page (occurrences, Stop series).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriesDates } from '@brigade/contracts';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';
import { toLocalInput } from '../jobs/validation';
import type { JobPosting } from '../jobs/jobsApi';
import { groupBySeries } from './seriesGroups';

afterEach(() => void i18n.changeLanguage('en'));

const HOUR = 3_600_000;
const SERIES_ID = '5e000000-0000-4000-8000-000000000001';
const card = { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2033 };

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The first day whose 17:00 local is still ahead, at 18:00: both the form's 18:00-23:00 and a template's
 * 17:00-22:00 fit inside the 7-day posting window, whatever the hour of the week. (A fixed weekday cannot: on a
 * Friday evening the next Friday's 23:00 is past the window and this Friday's 17:00 is past.) Its weekday is the
 * one the series repeats on; `other` is another for the second weekday.
 */
function firstDay(): {
  start: Date;
  day: (typeof DAYS)[number];
  label: string;
  other: (typeof DAYS)[number];
  otherLabel: string;
} {
  const start = new Date();
  start.setHours(18, 0, 0, 0);
  while (start.getTime() - HOUR < Date.now() + 5 * 60_000) start.setDate(start.getDate() + 1);
  const n = start.getDay();
  const o = (n + 3) % 7;
  return { start, day: DAYS[n], label: DAY_LABELS[n], other: DAYS[o], otherLabel: DAY_LABELS[o] };
}

function series(overrides: Record<string, unknown> = {}) {
  const occurrence = (date: string, status: string, jobId: string | null) => ({
    date,
    start_time: `${date}T23:00:00.000Z`,
    status,
    job_id: jobId,
    charge_at: `${date}T23:00:00.000Z`,
    total_cents: 10_700,
  });
  return {
    id: SERIES_ID,
    title: 'Line Cook',
    weekdays: ['fri'],
    until: '2027-02-26',
    headcount: 1,
    total_cents: 32_100,
    status: 'active',
    occurrences: [
      occurrence('2027-02-05', 'posted', 'b0000000-0000-4000-8000-000000000001'),
      occurrence('2027-02-12', 'payment_needed', 'b0000000-0000-4000-8000-000000000002'),
      occurrence('2027-02-19', 'scheduled', null),
      occurrence('2027-02-26', 'skipped', null),
    ],
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

async function fillShift(start: Date) {
  await screen.findByRole('heading', { name: 'Post Shift' });
  await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
  fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
  fireEvent.change(screen.getByLabelText('End'), {
    target: { value: toLocalInput(new Date(start.getTime() + 5 * HOUR)) },
  });
  fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
}

describe('Post Shift: Repeat weekly', () => {
  test("the whole series' total before paying: its days x the posting's $107.00, then POST /jobs/series", async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/saved-card', { body: { card } });
    fakeApi.on('POST', '/jobs/series', { status: 201, body: { series: series() } });
    fakeApi.on('GET', `/jobs/series/${SERIES_ID}`, { body: { series: series() } });
    const { router } = renderApp('/jobs/post');
    const { start, day, label, other, otherLabel } = firstDay();
    await fillShift(start);
    expect(screen.getByTestId('pay-total').textContent).toBe('$107.00');

    await userEvent.click(screen.getByLabelText('Repeat weekly'));
    await userEvent.click(screen.getByLabelText(label));
    const from = toLocalInput(start).slice(0, 10);
    const until = toLocalInput(new Date(start.getTime() + 21 * 24 * HOUR)).slice(0, 10);
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: until } });
    expect(seriesDates([day], from, until)).toHaveLength(4);
    const cost = screen.getByTestId('series-cost');
    expect(within(cost).getByTestId('series-count').textContent).toBe('4');
    expect(within(cost).getByTestId('series-total').textContent).toBe('$428.00');
    expect(
      within(cost).getByText('Each shift is charged to your card on file a week before it starts.'),
    ).toBeTruthy();
    // a second weekday: every one of those in the same span counts too
    await userEvent.click(screen.getByLabelText(otherLabel));
    const both = seriesDates([other, day], from, until).length;
    expect(within(cost).getByTestId('series-count').textContent).toBe(String(both));
    expect(within(cost).getByTestId('series-total').textContent).toBe(`$${(both * 107).toFixed(2)}`);
    await userEvent.click(screen.getByLabelText(otherLabel));

    await userEvent.click(await screen.findByRole('button', { name: 'Start the series' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/series/${SERIES_ID}`));
    expect(fakeApi.callsTo('POST', '/jobs/series').map((c) => c.body)).toEqual([
      {
        title: 'Line Cook',
        startTime: '18:00',
        endTime: '23:00',
        hourlyRate: 20,
        headcount: 1,
        breakMinutes: 0,
        description: null,
        requiredSkills: [],
        weekdays: [day],
        from,
        until,
      },
    ]);
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(0);
    expect(
      await screen.findByText('Your series is set. Each shift is charged a week before it starts.'),
    ).toBeTruthy();
  });

  test('a chosen template is named in the series (templateId), with the times of day of the form', async () => {
    signedIn('restaurant');
    const templateId = '0b8f7f43-3c1e-4d5e-9b0a-2f1c3d4e5f60';
    fakeApi.on('GET', '/shift-templates', {
      body: {
        templates: [
          {
            id: templateId,
            name: 'Friday dinner',
            title: 'Line Cook',
            startTime: '17:00',
            endTime: '22:00',
            hourlyRate: 20,
            headcount: 3,
            breakMinutes: 0,
            description: null,
            requiredSkills: [],
            created_at: '2026-11-01T12:00:00.000Z',
          },
        ],
      },
    });
    fakeApi.on('GET', '/payments/saved-card', { body: { card } });
    fakeApi.on('POST', '/jobs/series', { status: 201, body: { series: series({ headcount: 3 }) } });
    fakeApi.on('GET', `/jobs/series/${SERIES_ID}`, { body: { series: series({ headcount: 3 }) } });
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    const { start, day, label } = firstDay();
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    await userEvent.selectOptions(
      await screen.findByLabelText('Use a template'),
      'Friday dinner (17:00–22:00)',
    );
    await userEvent.click(screen.getByLabelText('Repeat weekly'));
    await userEvent.click(screen.getByLabelText(label));
    const until = toLocalInput(new Date(start.getTime() + 14 * 24 * HOUR)).slice(0, 10);
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: until } });
    // three chefs at 5 hours and $20: 3 x $107.00 a shift, 3 Fridays
    expect(screen.getByTestId('series-total').textContent).toBe('$963.00');
    await userEvent.click(await screen.findByRole('button', { name: 'Start the series' }));
    await waitFor(() => expect(fakeApi.callsTo('POST', '/jobs/series')).toHaveLength(1));
    expect(fakeApi.callsTo('POST', '/jobs/series')[0].body).toMatchObject({
      templateId,
      startTime: '17:00',
      endTime: '22:00',
      headcount: 3,
      weekdays: [day],
      until,
    });
  });

  test('without a saved card: "Save a card in Settings first", and nothing can be sent', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    await fillShift(firstDay().start);
    await userEvent.click(screen.getByLabelText('Repeat weekly'));
    expect(await screen.findByText('Save a card in Settings first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Save a card' }).getAttribute('href')).toBe(
      '/payments/stripe/onboarding',
    );
    expect(screen.getByRole('button', { name: 'Start the series' })).toHaveProperty('disabled', true);
  });
});

describe('My Shifts groups a series', () => {
  const asJob = (overrides: Record<string, unknown>) => makeJob(overrides) as unknown as JobPosting;

  test('groupBySeries keeps single shifts alone and gathers a series where its first shift stands', () => {
    const a = asJob({ series_id: SERIES_ID });
    const b = asJob({ series_id: null });
    const c = asJob({ series_id: SERIES_ID });
    const d = asJob({});
    expect(groupBySeries([a, b, c, d])).toEqual([
      { kind: 'series', seriesId: SERIES_ID, jobs: [a, c] },
      { kind: 'job', job: b },
      { kind: 'job', job: d },
    ]);
  });

  test('the series heading reads "Every Fri until Feb 26" (es: "Cada vie hasta el 26 feb") and links to the series', async () => {
    const { user } = signedIn('restaurant');
    const jobs = [
      makeJob({ restaurant_id: user.id, series_id: SERIES_ID }),
      makeJob({ restaurant_id: user.id, series_id: SERIES_ID }),
      makeJob({ restaurant_id: user.id, title: 'Dishwasher' }),
    ];
    fakeApi.on('GET', '/jobs', { body: { jobs, total: 3 } });
    fakeApi.on('GET', '/jobs/series', { body: { series: [series()] } });
    renderApp('/my-shifts');
    const heading = await screen.findByText('Every Fri until Feb 26');
    expect(heading.getAttribute('href')).toBe(`/series/${SERIES_ID}`);
    const group = heading.closest('li')!;
    expect(within(group).getByText('2 shifts')).toBeTruthy();
    expect(within(group).getAllByRole('link', { name: /^View shift of/ })).toHaveLength(2);
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Cada vie hasta el 26 feb')).toBeTruthy();
  });
});

describe('the series page', () => {
  test('occurrences with their status, a way to pay the one that needs it, and Stop series after a confirm', async () => {
    signedIn('restaurant');
    let stopped = false;
    fakeApi.on('GET', `/jobs/series/${SERIES_ID}`, () => ({
      body: { series: series(stopped ? { status: 'stopped' } : {}) },
    }));
    fakeApi.on('DELETE', `/jobs/series/${SERIES_ID}`, () => {
      stopped = true;
      return { body: { series: series({ status: 'stopped' }) } };
    });
    renderApp(`/series/${SERIES_ID}`);
    expect((await screen.findByTestId('series-name')).textContent).toBe('Every Fri until Feb 26');
    expect(screen.getByTestId('series-total').textContent).toBe('$321.00');
    const rows = screen.getAllByTestId('occurrence');
    expect(rows.map((r) => r.querySelector('.tag')!.textContent)).toEqual([
      'Posted',
      'Payment needed',
      'Scheduled',
      'Skipped',
    ]);
    expect(
      within(rows[1])
        .getByRole('link', { name: /^Pay for the shift of/ })
        .getAttribute('href'),
    ).toBe('/payments/b0000000-0000-4000-8000-000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Stop series' }));
    expect(fakeApi.callsTo('DELETE', `/jobs/series/${SERIES_ID}`)).toHaveLength(0);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Stop this series?' })).getByRole('button', {
        name: 'Stop the series',
      }),
    );
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(fakeApi.callsTo('DELETE', `/jobs/series/${SERIES_ID}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Stop series' })).toBeNull();
  });
});
