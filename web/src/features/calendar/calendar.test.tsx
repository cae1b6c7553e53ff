import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, signedIn } from '../../../test/signed-in';

// Calendar (issue 20): "Add to calendar" on a confirmed shift's page, and Settings' private calendar feed.

const FEED_URL = `http://localhost/api/calendar/${'k'.repeat(43)}.ics`;
const feed = (url: string, created_at = '2026-11-20T15:00:00.000Z') => ({
  body: { feed: { url, created_at, past_days: 30, refresh_seconds: 3600 } },
});
const ICS =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Line Cook\r\nEND:VEVENT\r\nEND:VCALENDAR';

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** What the browser was handed to save: the file's name and text (the object URL and the link's click). */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => ((last = blob), 'blob:calendar'),
    revokeObjectURL: () => undefined,
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.href === 'blob:calendar' && last) saved.push({ name: this.download, blob: last });
  });
  return { saved, restore: () => click.mockRestore() };
}

describe('Add to calendar on the job page', () => {
  test('the confirmed chef downloads the shift as an .ics file', async () => {
    signedIn('chef');
    const job = makeJob({ status: 'filled' });
    fakeApi.on('GET', '/jobs/:id', {
      body: {
        job: { ...job, user_applied: true, user_application: makeApplication(job, 'accepted', true) },
      },
    });
    fakeApi.on('GET', '/jobs/:id/calendar.ics', { text: ICS, type: 'text/calendar; charset=utf-8' });
    const downloads = captureDownloads();
    try {
      renderApp(`/jobs/${job.id}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
      await screen.findByRole('button', { name: 'Add to calendar' });
      expect(fakeApi.callsTo('GET', `/jobs/${job.id}/calendar.ics`)).toHaveLength(1);
      expect(downloads.saved).toHaveLength(1);
      expect(downloads.saved[0].name).toBe(`brigade-shift-${job.start_time.slice(0, 10)}.ics`);
      expect(downloads.saved[0].blob.type).toBe('text/calendar;charset=utf-8');
      expect(await textOf(downloads.saved[0].blob)).toBe(ICS);
    } finally {
      downloads.restore();
    }
  });

  test('the restaurant sees it on its filled shift, and a refusal is explained', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ status: 'filled', restaurant_id: user.id, applications: [] });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    fakeApi.on('GET', '/jobs/:id/calendar.ics', {
      status: 409,
      body: { error: 'Only a confirmed shift can be added to a calendar', code: 'JOBS.NOT_BOOKED' },
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only a confirmed shift can be added to a calendar.',
    );
  });

  test('no button on an open shift, nor for a chef who only applied', async () => {
    signedIn('chef');
    const job = makeJob({ status: 'filled' });
    fakeApi.on('GET', '/jobs/:id', {
      body: {
        job: { ...job, user_applied: true, user_application: makeApplication(job, 'accepted', null) },
      },
    });
    renderApp(`/jobs/${job.id}`);
    await screen.findByRole('heading', { name: /Line Cook/ });
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();

    const open = makeJob({ id: id('b') });
    fakeApi.on('GET', '/jobs/:id', { body: { job: { ...open, user_applied: false } } });
    renderApp(`/jobs/${open.id}`);
    await screen.findByRole('button', { name: 'Apply for this shift' });
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });
});

describe('Settings: the calendar feed', () => {
  test('the new link is shown with a copy button and a webcal subscription; Reset link makes a new one', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/calendar/feed', feed(FEED_URL));
    const NEW_URL = FEED_URL.replace('kkkk', 'nnnn');
    fakeApi.on('POST', '/calendar/feed/reset', feed(NEW_URL, '2026-11-24T15:00:00.000Z'));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Preferences' }));
    await screen.findByRole('heading', { name: 'Calendar feed' });
    const link = (await screen.findByLabelText('Your private calendar link')) as HTMLInputElement;
    expect(link.value).toBe(FEED_URL);
    expect(link.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Subscribe on this device' }).getAttribute('href')).toBe(
      FEED_URL.replace('http:', 'webcal:'),
    );

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(FEED_URL);
    await screen.findByRole('button', { name: 'Copied!' });

    // Reset asks first: calendars on the old link stop updating.
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(screen.getByText(/will stop updating/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep the current link' }));
    expect(fakeApi.callsTo('POST', '/calendar/feed/reset')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(screen.getByRole('button', { name: 'Yes, make a new link' }));
    expect(await screen.findByText('New link made. The old link no longer works.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/calendar/feed/reset')).toHaveLength(1);
    expect((screen.getByLabelText('Your private calendar link') as HTMLInputElement).value).toBe(NEW_URL);
  });

  test('an existing feed shows the same link on every visit, in Spanish too', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/calendar/feed', feed(FEED_URL));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Preferences' }));
    expect(((await screen.findByLabelText('Your private calendar link')) as HTMLInputElement).value).toBe(
      FEED_URL,
    );
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Calendario' })).toBeTruthy();
    expect((screen.getByLabelText('Tu enlace privado de calendario') as HTMLInputElement).value).toBe(
      FEED_URL,
    );
    expect(screen.getByRole('button', { name: 'Restablecer enlace' })).toBeTruthy();
  });
});
