import { act, screen } from '@testing-library/react';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

// Issue 40: the link of the verification mail opens /verify-email?token=...: the page sends the token once and
// says the email is verified, or why not, in the reader's language.

const TOKEN = 'A'.repeat(43);

test('a good link: the page says the email is verified', async () => {
  fakeApi.on('GET', '/auth/email/verify', { body: { message: 'Email verified', email: 'cook@example.com' } });
  renderApp(`/verify-email?token=${TOKEN}`);
  await screen.findByText('Your email cook@example.com is verified. Thank you!');
  expect(fakeApi.callsTo('GET', '/auth/email/verify')).toHaveLength(1);
});

test('an expired link, in Spanish: the page says why and what to do', async () => {
  await act(() => i18n.changeLanguage('es'));
  fakeApi.on('GET', '/auth/email/verify', {
    status: 400,
    body: { error: 'This link has expired.', code: 'IDENTITY.EMAIL_TOKEN_EXPIRED' },
  });
  renderApp(`/verify-email?token=${TOKEN}`);
  await screen.findByText('Este enlace ha vencido. Pide uno nuevo desde la configuración de tu cuenta.');
  await act(() => i18n.changeLanguage('en'));
});

test('a link without a token asks for the link from the mail, and calls nothing', async () => {
  renderApp('/verify-email');
  await screen.findByText('This link has no token. Open the link from the email again.');
  expect(fakeApi.callsTo('GET', '/auth/email/verify')).toHaveLength(0);
});
