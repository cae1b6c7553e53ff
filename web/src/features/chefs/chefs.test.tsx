import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHEF_SEARCH_PAGE_SIZE } from '../../shared/contracts';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { chefProfile, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';

/** `count` chefs as the search answers them, named Chef 1, Chef 2, ... nearest first. */
function searchResults(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    ...chefProfile(makeUser('chef')),
    name: `Chef ${i + 1}`,
    distance_miles: Math.round(i * 0.5 * 10) / 10,
  }));
}

describe('available chefs', () => {
  test('results come a page at a time; "Show more chefs" adds the next page until a short one', async () => {
    signedIn('restaurant');
    const all = searchResults(CHEF_SEARCH_PAGE_SIZE + 3);
    const calls: FakeCall['query'][] = [];
    fakeApi.on('GET', '/profiles/chefs', (call) => {
      calls.push(call.query);
      const offset = Number(call.query.offset ?? 0);
      return { body: { chefs: all.slice(offset, offset + Number(call.query.limit)) } };
    });
    renderApp('/chefs');

    expect(await screen.findByRole('link', { name: 'Chef 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: `Chef ${CHEF_SEARCH_PAGE_SIZE}` })).toBeTruthy();
    expect(screen.queryByRole('link', { name: `Chef ${CHEF_SEARCH_PAGE_SIZE + 1}` })).toBeNull();
    expect(calls[0]).toMatchObject({ radius: '25', limit: String(CHEF_SEARCH_PAGE_SIZE) });
    expect(calls[0].offset).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Show more chefs' }));
    expect(await screen.findByRole('link', { name: `Chef ${CHEF_SEARCH_PAGE_SIZE + 3}` })).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ offset: String(CHEF_SEARCH_PAGE_SIZE) });
    expect(screen.getAllByRole('link', { name: /^Chef \d+$/ })).toHaveLength(CHEF_SEARCH_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Show more chefs' })).toBeNull();
  });

  test('changing a filter starts again from the first page', async () => {
    signedIn('restaurant');
    const all = searchResults(CHEF_SEARCH_PAGE_SIZE * 2);
    fakeApi.on('GET', '/profiles/chefs', (call) => {
      const offset = Number(call.query.offset ?? 0);
      const found = call.query.radius === '5' ? all.slice(0, 2) : all;
      return { body: { chefs: found.slice(offset, offset + Number(call.query.limit)) } };
    });
    renderApp('/chefs');
    await userEvent.click(await screen.findByRole('button', { name: 'Show more chefs' }));
    expect(await screen.findByRole('link', { name: `Chef ${CHEF_SEARCH_PAGE_SIZE * 2}` })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Distance'), '5');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Chef \d+$/ })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Show more chefs' })).toBeNull();
  });

  test('a search with no match says so', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/profiles/chefs', { body: { chefs: [] } });
    renderApp('/chefs');
    expect(await screen.findByText('No chefs match these filters.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more chefs' })).toBeNull();
  });
});

describe('inviting a chef', () => {
  function oneChef() {
    return { ...chefProfile(makeUser('chef')), name: 'Ana Ruiz', distance_miles: 3.2 };
  }

  test('shows the real distance, and Invite texts the chef the next open shift', async () => {
    signedIn('restaurant');
    const chef = oneChef();
    fakeApi.on('GET', '/profiles/chefs', { body: { chefs: [chef] } });
    const later = makeJob({
      title: 'Prep Cook',
      start_time: new Date(Date.now() + 72 * 3_600_000).toISOString(),
    });
    const sooner = makeJob({
      title: 'Line Cook',
      start_time: new Date(Date.now() + 30 * 3_600_000).toISOString(),
    });
    fakeApi.on('GET', '/jobs', { body: { jobs: [later, sooner], total: 2 } });
    fakeApi.on('POST', '/invitations', (call) => ({
      status: 201,
      body: {
        invitation: {
          job_id: sooner.id,
          job_title: 'Line Cook',
          start_time: sooner.start_time,
          chef_profile_id: (call.body as { chef_id: string }).chef_id,
          chef_name: 'Ana Ruiz',
          invited_at: new Date().toISOString(),
          already_invited: false,
        },
      },
    }));
    renderApp('/chefs');
    expect(await screen.findByText(/3\.2 mi away/)).toBeTruthy();
    expect(await screen.findByText(/Invite texts a chef your next open shift: Line Cook/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Invite Ana Ruiz' }));
    expect(await screen.findByText(/Invited: Ana Ruiz gets a text about Line Cook/)).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/invitations')[0].body).toEqual({ chef_id: chef.id });
    expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query).toMatchObject({ status: 'open' });
  });

  test('without an open shift, Invite is disabled and says why', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/profiles/chefs', { body: { chefs: [oneChef()] } });
    fakeApi.on('GET', '/jobs', { body: { jobs: [], total: 0 } });
    renderApp('/chefs');
    const button = await screen.findByRole('button', { name: 'Invite Ana Ruiz' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.getAttribute('aria-describedby')).toBe('invite-reason');
    expect(screen.getByText(/Invite is available once you have an open shift/)).toBeTruthy();
  });

  test('chefs browsing chefs see no Invite', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/profiles/chefs', { body: { chefs: [oneChef()] } });
    renderApp('/chefs');
    expect(await screen.findByRole('link', { name: 'Ana Ruiz' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Invite/ })).toBeNull();
  });
});
