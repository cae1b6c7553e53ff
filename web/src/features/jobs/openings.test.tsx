import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, signedIn } from '../../../test/signed-in';

describe('openings', () => {
  test('filters reach the server, Clear Filters resets them, and Apply Now applies once', async () => {
    signedIn('chef');
    const urgent = makeJob({ title: 'Prep Cook', emergency_level: 'urgent', hourly_rate: 25 });
    const normal = makeJob({ title: 'Dishwasher', hourly_rate: 16 });
    fakeApi.on('GET', '/jobs', (call) => ({
      body: { jobs: call.query.emergencyLevel === 'urgent' ? [urgent] : [urgent, normal] },
    }));
    fakeApi.on('POST', '/jobs/:id/apply', {
      status: 201,
      body: { application: { id: id(), status: 'pending' } },
    });
    renderApp('/openings');
    await screen.findByRole('heading', { name: 'Shifts Available' });
    expect(await screen.findByText('2 shifts')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    expect(await screen.findByText('1 shift')).toBeTruthy();
    expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query).toMatchObject({
      status: 'open',
      emergencyLevel: 'urgent',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('2 shifts')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Minimum hourly rate ($)'), { target: { value: '20' } });
    expect(await screen.findByText('1 shift')).toBeTruthy();
    const item = screen.getByRole('heading', { name: /Prep Cook/ }).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Apply Now' }));
    expect(await within(item).findByText('Applied')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/jobs/${urgent.id}/apply`)).toHaveLength(1);
    expect(within(item).getByRole('link', { name: 'View details of Prep Cook' }).getAttribute('href')).toBe(
      `/jobs/${urgent.id}`,
    );
  });

  test('the list is the same for every chef; "Applied" comes from the chef\'s own applications', async () => {
    signedIn('chef');
    const mine = makeJob({ title: 'Line Cook' });
    const other = makeJob({ title: 'Dishwasher' });
    fakeApi.on('GET', '/jobs', { body: { jobs: [mine, other], total: 2 } });
    fakeApi.on('GET', '/applications', {
      body: { applications: [makeApplication(mine, 'pending')], total: 1 },
    });
    renderApp('/openings');
    const item = (await screen.findByRole('heading', { name: /Line Cook/ })).closest('li')!;
    expect(await within(item).findByText('Applied')).toBeTruthy();
    const otherItem = screen.getByRole('heading', { name: /Dishwasher/ }).closest('li')!;
    expect(within(otherItem).getByRole('button', { name: 'Apply Now' })).toBeTruthy();
    expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query).toMatchObject({ status: 'open', shared: '1' });
  });
});
