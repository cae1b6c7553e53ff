import { screen, within } from '@testing-library/react';
import { DEFAULT_CHANNELS } from '@brigade/contracts';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile, restaurantProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';

describe('settings', () => {
  test('notification switches are saved to the server', async () => {
    signedIn('chef');
    let saved: unknown = null;
    fakeApi.on('GET', '/notifications/preferences', {
      body: {
        sms_notifications: true,
        job_reminders: true,
        rating_reminders: true,
        channels: DEFAULT_CHANNELS,
      },
    });
    fakeApi.on('PUT', '/notifications/preferences', (call) => ((saved = call.body), { body: call.body }));
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.getByRole('tab', { name: 'Payments' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    const sms = await screen.findByRole('switch', { name: 'SMS Notifications' });
    expect(sms.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(sms);
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    // Only the switch that changed is sent.
    expect(saved).toEqual({ sms_notifications: false });
    expect(screen.getByRole('switch', { name: 'SMS Notifications' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  test('issue 40: a row per kind of notification, each by text (saved alone) and always in the inbox', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/notifications/preferences', {
      body: {
        sms_notifications: true,
        job_reminders: true,
        rating_reminders: true,
        channels: DEFAULT_CHANNELS,
      },
    });
    fakeApi.on('PUT', '/notifications/preferences', () => ({
      body: {
        sms_notifications: true,
        job_reminders: true,
        rating_reminders: true,
        channels: { ...DEFAULT_CHANNELS, messages: { ...DEFAULT_CHANNELS.messages, sms: false } },
      },
    }));
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('tab', { name: 'Notifications' }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getByRole('rowheader').textContent),
    ).toEqual([
      'Shift offers and alerts',
      'Booking changes',
      'Reminders',
      'Money',
      'Messages',
      'Disputes and decisions',
      'Account',
    ]);
    // Money is by push and email by default: not by text.
    expect((screen.getByRole('checkbox', { name: 'Money by Text' }) as HTMLInputElement).checked).toBe(false);
    const inbox = screen.getByRole('checkbox', { name: 'Messages by Inbox' }) as HTMLInputElement;
    expect([inbox.checked, inbox.disabled]).toEqual([true, true]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Messages by Text' }));
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    expect(fakeApi.callsTo('PUT', '/notifications/preferences')[0].body).toEqual({
      channels: { messages: { sms: false } },
    });
    expect((screen.getByRole('checkbox', { name: 'Messages by Text' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  test("a chef's home (issue 32): Settings > Profile shows where distances are from and removes it", async () => {
    const { user } = signedIn('chef', false);
    const profile = { ...chefProfile(user), home: { source: 'zip' as const, zip: '55408' } };
    fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
    fakeApi.on('POST', '/profiles/chef', { body: { profile: { ...profile, home: null } } });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Your home for distances' });
    expect(screen.getByText('Distances are measured from ZIP 55408.')).toBeTruthy();
    expect((screen.getByLabelText('Home ZIP code or address') as HTMLInputElement).value).toBe('55408');
    await userEvent.click(screen.getByRole('button', { name: 'Remove home' }));
    expect(
      await screen.findByText('Distances are measured from the centre of Minneapolis.', {
        selector: '.alert',
      }),
    ).toBeTruthy();
    const form = fakeApi.callsTo('POST', '/profiles/chef')[0].body as FormData;
    expect([...form.entries()]).toEqual([['home', '']]);
  });

  test('the profile tab updates the profile and says so', async () => {
    const { user } = signedIn('restaurant');
    fakeApi.on('POST', '/profiles/restaurant', (call) => ({
      body: { profile: { ...restaurantProfile(user), name: String((call.body as FormData).get('name')) } },
    }));
    renderApp('/settings');
    const name = await screen.findByLabelText('Restaurant Name');
    expect(screen.queryByRole('tab', { name: 'Payments' })).toBeNull();
    await userEvent.clear(name);
    await userEvent.type(name, 'Loop Diner');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
  });

  test('a chef sees every skill of the profile, the two onboarding-only ones included, and can remove them', async () => {
    const { user, profile } = signedIn('chef');
    const skills = ['Line Cook', 'Banquet Service', 'Clean-up Crew'];
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: { ...profile, skills } } });
    let sent: unknown = null;
    fakeApi.on('POST', '/profiles/chef', (call) => {
      sent = JSON.parse(String((call.body as FormData).get('skills')));
      return { body: { profile: { ...profile, skills: sent } } };
    });
    renderApp('/settings');
    const banquet = await screen.findByRole('button', { name: 'Banquet Service' });
    expect(banquet.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Clean-up Crew' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(banquet);
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(sent).toEqual(['Line Cook', 'Clean-up Crew']);
  });
});
