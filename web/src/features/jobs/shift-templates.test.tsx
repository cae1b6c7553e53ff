import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';
import { toLocalInput } from './validation';

// Issue 35: the Post Shift page offers the restaurant's shift templates. A template fills the form with its
// times of day on the date chosen in the form; the form's shape is saved as a template under a name.

const template = (over: Record<string, unknown> = {}) => ({
  id: '0b8f7f43-3c1e-4d5e-9b0a-2f1c3d4e5f60',
  name: 'Friday late',
  title: 'Dishwasher',
  startTime: '22:00',
  endTime: '02:30',
  hourlyRate: 20,
  headcount: 1,
  breakMinutes: 30,
  description: 'Close the dish pit.',
  requiredSkills: ['Dishwasher'],
  created_at: '2026-11-01T12:00:00.000Z',
  ...over,
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('shift templates on Post Shift', () => {
  test('a template fills the form on the chosen date, a night shift ending the next day', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/shift-templates', { body: { templates: [template()] } });
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    const day = new Date(Date.now() + 2 * 24 * 3_600_000);
    day.setHours(9, 0, 0, 0);
    fireEvent.change(input('Start'), { target: { value: toLocalInput(day) } });
    const date = toLocalInput(day).slice(0, 10);
    const next = new Date(day);
    next.setDate(next.getDate() + 1);

    await userEvent.selectOptions(
      await screen.findByLabelText('Use a template'),
      'Friday late (22:00–02:30)',
    );
    expect((screen.getByLabelText('Position') as HTMLSelectElement).value).toBe('Dishwasher');
    expect(input('Start').value).toBe(`${date}T22:00`);
    expect(input('End').value).toBe(`${toLocalInput(next).slice(0, 10)}T02:30`);
    expect(input('Hourly rate ($)').value).toBe('20');
    expect(input('Unpaid break (minutes)').value).toBe('30');
    expect((screen.getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe(
      'Close the dish pit.',
    );
    expect(screen.getByTestId('post-skills').textContent).toBe('Skills needed: Dishwasher');
    // 4.5 hours less a 30-minute break at $20: $80 + 7%
    expect(screen.getByTestId('pay-hours').textContent).toBe('4');
    expect(screen.getByTestId('pay-total').textContent).toBe('$85.60');
  });

  test('the form is saved as a template under a name, and a template is deleted from the list', async () => {
    signedIn('restaurant');
    let templates = [template()];
    fakeApi.on('GET', '/shift-templates', () => ({ body: { templates } }));
    fakeApi.on('POST', '/shift-templates', (call) => {
      const made = template({ ...(call.body as object), id: '6c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5' });
      templates = [...templates, made];
      return { status: 201, body: { template: made } };
    });
    fakeApi.on('DELETE', '/shift-templates/:id', (_call, { id }) => {
      templates = templates.filter((x) => x.id !== id);
      return { body: { deleted: true } };
    });
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(17, 0, 0, 0);
    fireEvent.change(input('Start'), { target: { value: toLocalInput(start) } });
    fireEvent.change(input('End'), {
      target: { value: toLocalInput(new Date(start.getTime() + 6 * 3_600_000)) },
    });
    fireEvent.change(input('Hourly rate ($)'), { target: { value: '24.50' } });

    await userEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the template a name');
    await userEvent.type(screen.getByLabelText('Template name'), 'Friday dinner');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template "Friday dinner" saved.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/shift-templates').at(-1)!.body).toEqual({
      name: 'Friday dinner',
      title: 'Line Cook',
      startTime: '17:00',
      endTime: '23:00',
      hourlyRate: 24.5,
      headcount: 1,
      breakMinutes: 0,
      description: null,
      requiredSkills: [],
      required_credentials: [],
    });
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(0);

    const manage = await screen.findByText('Your templates (2)');
    await userEvent.click(manage);
    const list = manage.closest('details')!;
    await userEvent.click(within(list).getByRole('button', { name: 'Delete template Friday late' }));
    await waitFor(() => expect(screen.getByText('Your template (1)')).toBeTruthy());
    expect(fakeApi.callsTo('DELETE', `/shift-templates/${template().id}`)).toHaveLength(1);
  });

  test('a taken name is said in Spanish from its code', async () => {
    signedIn('restaurant', { language: 'es' });
    fakeApi.on('POST', '/shift-templates', {
      status: 409,
      body: { error: 'You already have a template with this name', code: 'JOBS.TEMPLATE_NAME_TAKEN' },
    });
    renderApp('/jobs/post');
    expect(await screen.findByText(/^Guarda como modelo un turno/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Puesto'), 'Line Cook');
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(8, 0, 0, 0);
    fireEvent.change(screen.getByLabelText('Inicio'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('Fin'), {
      target: { value: toLocalInput(new Date(start.getTime() + 4 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText(/^Tarifa por hora/), { target: { value: '20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar como modelo' }));
    await userEvent.type(screen.getByLabelText('Nombre del modelo'), 'Desayuno');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar modelo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ya tienes un modelo con este nombre. Elige otro nombre.',
    );
  });
});
