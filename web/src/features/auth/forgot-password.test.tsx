import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

// Issue 32, "a way back in": "Forgot password?" on the sign-in page, a code asked for by phone or email, then
// the code and a new password; after success the person signs in. In English and in Spanish, with the server's
// refusals in the reader's language.

const SENT = {
  message:
    'If an account has this phone number or email and a verified phone, we texted a 6-digit code to it.',
};

describe('forgot password', () => {
  test('from the sign-in page: a code by phone, a wrong code refused, then the new password and back to sign in', async () => {
    fakeApi.on('POST', '/auth/password/forgot', { body: SENT });
    fakeApi.on('POST', '/auth/password/reset', (call) =>
      (call.body as { code: string }).code === '123456'
        ? { body: { message: 'Your password was changed. Please sign in with your new password.' } }
        : { status: 400, body: { error: 'Invalid verification code', code: 'IDENTITY.INVALID_CODE' } },
    );
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect((screen.getByRole('radio', { name: 'Phone number' }) as HTMLInputElement).checked).toBe(true);
    const send = screen.getByRole('button', { name: 'Send code' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(
      screen.getByLabelText('Phone number', { selector: 'input[type=tel]' }),
      '612 555 0100',
    );
    await userEvent.click(send);

    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(fakeApi.callsTo('POST', '/auth/password/forgot')[0].body).toEqual({ phone: '612 555 0100' });
    expect(screen.getByRole('status').textContent).toBe(
      'If a Brigade account has this phone number verified, we texted a 6-digit code to it.',
    );
    // the notice is said in the page's language, also after the reader switches it
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('status').textContent).toBe(
      'Si una cuenta de Brigade tiene este número de teléfono verificado, le enviamos un código de 6 dígitos por SMS.',
    );
    await act(() => i18n.changeLanguage('en'));
    const save = screen.getByRole('button', { name: 'Save new password' });
    await userEvent.type(screen.getByLabelText('Code from the text message'), '12a345');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'kitchen-shift-2');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'kitchen-shift-3');
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'kitchen-shift-2');
    await userEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a 6-digit code');
    await userEvent.type(screen.getByLabelText('Code from the text message'), '9');
    await userEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid verification code');
    expect(router.state.location.pathname).toBe('/forgot-password');

    await userEvent.clear(screen.getByLabelText('Code from the text message'));
    await userEvent.type(screen.getByLabelText('Code from the text message'), '123456');
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeApi.callsTo('POST', '/auth/password/reset').at(-1)!.body).toEqual({
      phone: '612 555 0100',
      code: '123456',
      password: 'kitchen-shift-2',
    });
    // The sign-in page may take a moment to replace the forgot page (a lazy route): wait for its status.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your password was changed. Log in with your new password.',
      ),
    );
  });

  test('by email in Spanish: the texts, a new code, and the limit past five requests read in Spanish', async () => {
    await i18n.changeLanguage('es');
    let asked = 0;
    fakeApi.on('POST', '/auth/password/forgot', () =>
      ++asked <= 2
        ? { body: SENT }
        : {
            status: 429,
            body: {
              error: 'Too many password reset requests. Please try again in an hour.',
              code: 'IDENTITY.TOO_MANY_RESETS',
            },
          },
    );
    fakeApi.on('POST', '/auth/password/reset', {
      status: 429,
      body: { error: 'Too many wrong codes. Please request a new code.', code: 'IDENTITY.TOO_MANY_ATTEMPTS' },
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Restablece tu contraseña' });
    await userEvent.click(screen.getByRole('radio', { name: 'Correo electrónico' }));
    await userEvent.type(
      screen.getByLabelText('Correo electrónico', { selector: 'input[type=email]' }),
      'ana@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByRole('heading', { name: 'Crea una nueva contraseña' });
    expect(fakeApi.callsTo('POST', '/auth/password/forgot')[0].body).toEqual({ email: 'ana@example.com' });
    expect(screen.getByRole('status').textContent).toBe(
      'Si una cuenta de Brigade tiene este correo electrónico y un teléfono verificado, enviamos un código de 6 dígitos por SMS a ese teléfono.',
    );
    await userEvent.type(screen.getByLabelText('Código del mensaje de texto'), '654321');
    await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'cocina-turno-1');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'cocina-turno-1');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Demasiados códigos incorrectos. Pide un código nuevo.',
    );
    expect(fakeApi.callsTo('POST', '/auth/password/reset')[0].body).toMatchObject({
      email: 'ana@example.com',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Enviar un código nuevo' }));
    await waitFor(() => expect(fakeApi.callsTo('POST', '/auth/password/forgot')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar un código nuevo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Demasiados intentos de restablecer la contraseña. Inténtalo de nuevo en una hora.',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Usar otro número de teléfono o correo electrónico' }),
    );
    await screen.findByRole('heading', { name: 'Restablece tu contraseña' });
    expect(screen.getByRole('link', { name: 'Volver a Iniciar sesión' })).toBeTruthy();
  });
});
