import type { Browser, Page } from 'playwright-core';
import { startEmbedded, type Embedded } from '../../scripts/embedded';
import { checkScreen, launch, newContext, PHONE, type AxeViolation } from './browser';
import { buildWebOnce } from './build-web';
import { smsCode, uniqueEmail, uniquePhone } from './helpers';
import { freePort } from '@brigade/kit';

// Web part 1 in a real browser against the real product in embedded mode (PGlite, in-process bus, sandboxes):
// sign up and onboard both user types (the chef in Spanish, on a phone), reach the dashboards, set up payouts
// through the Stripe sandbox, and a 401 sends you to /login. Screens are photographed and checked with axe.

let brigade: Embedded;
let browser: Browser;
const violations: AxeViolation[] = [];

beforeAll(async () => {
  await buildWebOnce();
  // A fixed free port: the sandbox's onboarding links and return URLs are built from PUBLIC_URL, which the
  // runner derives from the port (port 0 would give http://localhost:0).
  const port = await freePort();
  brigade = await startEmbedded({
    port,
    dataDir: null,
    buildWeb: false,
    env: {
      DATABASE_URL: '',
      AMQP_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: `http://localhost:${port}`,
      TRANSLATION_PROVIDER: 'none',
    },
  });
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await brigade?.stop();
});

async function screen(page: Page, name: string) {
  violations.push(...(await checkScreen(page, name)));
}

/** Sign up through the form, verify the phone with the code from the SMS outbox, land on onboarding. */
async function signUpAndVerify(
  page: Page,
  t: {
    email: string;
    phone: string;
    password: string;
    passwordConfirm: string;
    tos: RegExp;
    submit: string;
    codeLabel: string;
    verify: string;
  },
  email: string,
  phone: string,
) {
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.phone).fill(phone);
  await page.getByLabel(t.password, { exact: true }).fill('kitchen-shift-1');
  await page.getByLabel(t.passwordConfirm).fill('kitchen-shift-1');
  await page.getByLabel(t.tos).check();
  await page.getByRole('button', { name: t.submit }).click();
  await page.waitForURL('**/verify-phone');
  await page.getByLabel(t.codeLabel).fill(await smsCode(brigade.url, phone));
  await page.getByRole('button', { name: t.verify, exact: true }).click();
  await page.waitForURL('**/onboarding/*');
}

test('a restaurant signs up, verifies, onboards, reaches its dashboard and saves its card in the sandbox', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(brigade.url);
  await page.getByRole('heading', { name: "Kitchen help for today's shift" }).waitFor();
  await screen(page, '01-landing');
  await page.getByRole('link', { name: 'About' }).first().click();
  await page.getByRole('heading', { name: 'About Brigade' }).waitFor();
  await screen(page, '02-about');
  await page.goto(`${brigade.url}/login`);
  await page.getByRole('heading', { name: 'Log In' }).waitFor();
  await screen(page, '03-login');

  await page.goto(brigade.url);
  await page.getByRole('link', { name: 'I need staff' }).first().click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  expect(await page.getByRole('radio', { name: 'Restaurant' }).isChecked()).toBe(true);
  await screen(page, '04-signup');
  const phone = uniquePhone();
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('restaurant'));
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('kitchen-shift-1');
  await page.getByLabel('Confirm password').fill('kitchen-shift-1');
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/verify-phone');
  await screen(page, '05-verify-phone');
  await page.getByLabel('Verification code').fill(await smsCode(brigade.url, phone));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL('**/onboarding/restaurant');

  await page.getByRole('heading', { name: 'Set up your restaurant' }).waitFor();
  await page.getByLabel('Restaurant name').fill('Northeast Noodle Bar');
  await page.getByLabel('Description').fill('Hand-pulled noodles and dumplings.');
  await page.getByLabel('Street address').fill('200 Central Ave NE');
  await page.getByLabel('City').selectOption('Minneapolis');
  await screen(page, '06-onboarding-restaurant-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Chinese' }).click();
  await page.getByRole('button', { name: 'Vietnamese' }).click();
  await screen(page, '07-onboarding-restaurant-2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Operating hours' }).first().waitFor();
  // hours start empty (issue 32): at least one day open
  await page.getByRole('checkbox', { name: 'Tuesday open' }).check();
  await page.getByRole('checkbox', { name: 'Saturday open' }).check();
  await screen(page, '08-onboarding-restaurant-3');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await page.waitForURL('**/dashboard/restaurant');
  await page.getByRole('heading', { name: 'Northeast Noodle Bar' }).waitFor();
  await page.getByRole('heading', { name: 'Getting started' }).waitFor();
  await screen(page, '09-dashboard-restaurant');

  await page.getByRole('button', { name: /Account/ }).click();
  await page.getByRole('link', { name: 'Payment Setup', exact: true }).click();
  await page.getByRole('heading', { name: 'Payment Setup' }).waitFor();
  // A restaurant only pays: it saves a card (no payout account, no tax ID).
  await page.getByRole('heading', { name: 'Saved card' }).waitFor();
  expect(await page.getByText(/SSN|EIN/).count()).toBe(0);
  await screen(page, '10-payment-setup-restaurant');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByTestId('saved-card').getByText('Visa •••• 4242').waitFor({ timeout: 15_000 });
  await screen(page, '11-payment-setup-complete');

  await page.goto(`${brigade.url}/profile/me`);
  await page.getByRole('heading', { name: 'My Profile' }).waitFor();
  await screen(page, '12-profile-me');
  await page.goto(`${brigade.url}/settings`);
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await screen(page, '13-settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const sms = page.getByRole('switch', { name: 'SMS Notifications' });
  await sms.click();
  await page.getByText('Notification settings saved').waitFor();
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  expect(await page.getByRole('switch', { name: 'SMS Notifications' }).getAttribute('aria-checked')).toBe(
    'false',
  );
  await context.close();
}, 180_000);

test('a chef signs up in Spanish on a phone, onboards, and sets up payouts', async () => {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  await page.goto(brigade.url);
  await page.getByRole('button', { name: 'ES', exact: true }).click();
  await page.getByRole('heading', { name: 'Ayuda en la cocina para el turno de hoy' }).waitFor();
  expect(await page.getAttribute('html', 'lang')).toBe('es');
  await page.getByRole('link', { name: 'Quiero turnos' }).first().click();
  await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
  await screen(page, '20-signup-es');
  const phone = uniquePhone();
  await signUpAndVerify(
    page,
    {
      email: 'Correo electrónico',
      phone: 'Número de teléfono',
      password: 'Contraseña',
      passwordConfirm: 'Confirmar contraseña',
      tos: /Acepto los términos/,
      submit: 'Registrarse',
      codeLabel: 'Código de verificación',
      verify: 'Verificar',
    },
    uniqueEmail('chef'),
    phone,
  );
  await page.getByRole('heading', { name: 'Configura tu perfil de chef' }).waitFor();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByText(
      'Por favor completa todos los campos obligatorios. La biografía debe tener 250 caracteres o menos.',
    )
    .waitFor();
  await page.getByLabel('Nombre completo').fill('Lucía Hernández');
  await page.getByLabel('Biografía').fill('Cocinera de línea con cinco años de experiencia en parrilla.');
  await page.getByLabel('Ciudad').selectOption('Detroit');
  await screen(page, '21-onboarding-chef-1-es');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Cocinero de parrilla' }).click();
  await page.getByRole('button', { name: 'Ayudante de preparación' }).click();
  await screen(page, '22-onboarding-chef-2-es');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await screen(page, '23-onboarding-chef-3-es');
  await page.getByRole('button', { name: 'Completar configuración' }).click();
  await page.waitForURL('**/dashboard/chef');
  await page.getByRole('heading', { name: '¡Bienvenido, Lucía Hernández!' }).waitFor();
  await screen(page, '24-dashboard-chef-es');

  await page.goto(`${brigade.url}/payments/stripe/onboarding`);
  await page.getByRole('heading', { name: 'Configuración de pagos' }).waitFor();
  await page.getByRole('button', { name: 'Crear cuenta' }).waitFor();
  await screen(page, '25-payment-setup-chef-es');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL('**/sandbox/stripe/connect/onboarding/**');
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await page.waitForURL('**/payments/stripe/onboarding-complete?setup=complete');
  await page.getByRole('heading', { name: 'Configuración completa' }).waitFor({ timeout: 15_000 });
  await page.goto(`${brigade.url}/settings`);
  await page.getByRole('tab', { name: 'Pagos' }).click();
  await page.getByText('Cuenta de cobro conectada').waitFor();
  await screen(page, '26-settings-payments-es');
  const me = await page.evaluate(
    'fetch("/api/profiles/me", { headers: { authorization: "Bearer " + JSON.parse(localStorage.getItem("brigade.session")).access_token } }).then((r) => r.json())',
  );
  expect(me).toMatchObject({
    user: { language_preference: 'es', user_type: 'chef' },
    profile: { city: 'Detroit', state: 'MI' },
  });
  await context.close();
}, 180_000);

test('a 401 from the API clears the session and sends the browser to /login', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${brigade.url}/signup?type=chef`);
  const phone = uniquePhone();
  await signUpAndVerify(
    page,
    {
      email: 'Email',
      phone: 'Phone number',
      password: 'Password',
      passwordConfirm: 'Confirm password',
      tos: /I accept the terms/,
      submit: 'Sign Up',
      codeLabel: 'Verification code',
      verify: 'Verify',
    },
    uniqueEmail('chef'),
    phone,
  );
  // The session is still within its lifetime, but the server no longer accepts the token.
  await page.evaluate(
    '(() => { const s = JSON.parse(localStorage.getItem("brigade.session")); s.access_token = "not-a-valid-token"; localStorage.setItem("brigade.session", JSON.stringify(s)); })()',
  );
  await page.goto(`${brigade.url}/profile/me`);
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Log In' }).waitFor();
  expect(await page.evaluate('localStorage.getItem("brigade.session")')).toBeNull();
  await context.close();
}, 120_000);

test('every main screen is free of accessibility violations (every impact)', () => {
  const summary = [
    ...new Set(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)),
  ];
  expect(summary).toEqual([]);
});
