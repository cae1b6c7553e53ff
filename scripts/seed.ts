/**
 * Demo data for the embedded default, created through the public API exactly as a user would (so it also
 * exercises every service): restaurants and chefs in Minneapolis and Detroit, phones verified, terms
 * accepted, profiles complete.
 */
export const DEMO_PASSWORD = 'brigade-demo';

export const DEMO_ACCOUNTS = [
  {
    email: 'restaurant.mpls@demo.brigade.test',
    type: 'restaurant' as const,
    phone: '6125550101',
    lang: 'en' as const,
    profile: {
      name: 'North Loop Kitchen',
      description: 'Seasonal Midwestern plates in the North Loop.',
      address: '212 N 1st Ave',
      city: 'Minneapolis',
      cuisineTypes: JSON.stringify(['American', 'Fine Dining']),
    },
  },
  {
    email: 'restaurant.detroit@demo.brigade.test',
    type: 'restaurant' as const,
    phone: '3135550102',
    lang: 'en' as const,
    profile: {
      name: 'Corktown Grill',
      description: 'Wood-fired grill and brunch in Corktown.',
      address: '1400 Michigan Ave',
      city: 'Detroit',
      cuisineTypes: JSON.stringify(['BBQ', 'Casual Dining']),
    },
  },
  {
    email: 'chef.ana@demo.brigade.test',
    type: 'chef' as const,
    phone: '6125550103',
    lang: 'es' as const,
    profile: {
      name: 'Ana Ruiz',
      bio: 'Cocinera de línea con seis años en parrilla y salteado.',
      city: 'Minneapolis',
      skills: JSON.stringify(['Line Cook', 'Grill Cook', 'Sauté Cook']),
      hourlyRateMin: '22',
    },
  },
  {
    email: 'chef.marcus@demo.brigade.test',
    type: 'chef' as const,
    phone: '6125550104',
    lang: 'en' as const,
    profile: {
      name: 'Marcus Lee',
      bio: 'Prep and pastry, early mornings welcome.',
      city: 'Minneapolis',
      skills: JSON.stringify(['Prep Cook', 'Pastry Chef', 'Breakfast Cook']),
      hourlyRateMin: '20',
    },
  },
  {
    email: 'chef.dana@demo.brigade.test',
    type: 'chef' as const,
    phone: '3135550105',
    lang: 'en' as const,
    profile: {
      name: 'Dana Brooks',
      bio: 'Dish, prep and banquet service. Reliable and fast.',
      city: 'Detroit',
      skills: JSON.stringify(['Dishwasher', 'Prep Cook', 'Banquet Service']),
      hourlyRateMin: '17',
    },
  },
];

/**
 * The demo's operator (the console at /ops), with the demo password. Operators never sign up: identity creates
 * this one at its start from OPERATOR_EMAIL / OPERATOR_PASSWORD, which `demoOperatorEnv` supplies.
 */
export const DEMO_OPERATOR = { email: 'ops@demo.brigade.test', type: 'operator' as const };

/**
 * The environment that gives the embedded demo its operator: only when no operator is configured
 * (OPERATOR_EMAIL), in the embedded default (never with DATABASE_URL: a known password on a real database)
 * and with demo data (BRIGADE_SEED not 0).
 */
export function demoOperatorEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  if (env.OPERATOR_EMAIL || env.DATABASE_URL || env.BRIGADE_SEED === '0') return {};
  return { OPERATOR_EMAIL: DEMO_OPERATOR.email, OPERATOR_PASSWORD: DEMO_PASSWORD };
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: any = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.error ?? ''}`);
  return json;
}

async function retry<T>(fn: () => Promise<T>, attempts = 50): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Connect onboarding through the Stripe sandbox's page, as the user's browser would. */
async function setUpPayouts(base: string, token: string) {
  const { account_id } = await call(base, 'POST', '/payments/connect/create-account', {}, token);
  const { url } = await call(base, 'POST', '/payments/connect/onboarding-link', { account_id }, token);
  const page = new URL(url);
  const res = await fetch(`${base}${page.pathname}${page.search}`, { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`sandbox onboarding answered ${res.status}`);
}

/** Post a shift and pay it with Stripe's test card through the sandbox, as the Post Shift screen does. */
async function postPaidShift(
  base: string,
  token: string,
  shift: {
    title: string;
    dayOffset: number;
    startHour: number;
    hours: number;
    rate: number;
    urgent?: boolean;
  },
) {
  const start = new Date();
  start.setDate(start.getDate() + shift.dayOffset);
  start.setHours(shift.startHour, 0, 0, 0);
  const end = new Date(start.getTime() + shift.hours * 3_600_000);
  const { job } = await call(
    base,
    'POST',
    '/jobs',
    {
      title: shift.title,
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      hourlyRate: shift.rate,
      emergencyLevel: shift.urgent ? 'urgent' : 'normal',
      notifyFavorites: [],
    },
    token,
  );
  const { client_secret } = await retry(() =>
    call(base, 'POST', '/payments/create-escrow-payment', { job_id: job.id, amount: job.total_cents }, token),
  );
  const intent = String(client_secret).split('_secret_')[0];
  const res = await fetch(`${base}/sandbox/stripe/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret, payment_method: 'pm_card_visa' }).toString(),
  });
  if (!res.ok) throw new Error(`sandbox confirm answered ${res.status}`);
}

const DEMO_SHIFTS: Record<string, Array<Parameters<typeof postPaidShift>[2]>> = {
  'restaurant.mpls@demo.brigade.test': [
    { title: 'Line Cook', dayOffset: 1, startHour: 16, hours: 6, rate: 24, urgent: true },
    { title: 'Prep Cook', dayOffset: 2, startHour: 8, hours: 5, rate: 20 },
    { title: 'Dishwasher', dayOffset: 3, startHour: 17, hours: 5.5, rate: 18 },
  ],
  'restaurant.detroit@demo.brigade.test': [
    { title: 'Server', dayOffset: 1, startHour: 11, hours: 4, rate: 19 },
    { title: 'Line Cook', dayOffset: 4, startHour: 15, hours: 7, rate: 26 },
  ],
};

export async function seedDemo(base: string): Promise<string[]> {
  const created: string[] = [];
  const services = ((await (await fetch(`${base}/ready`)).json()) as any).services ?? {};
  for (const a of DEMO_ACCOUNTS) {
    const signup = await call(base, 'POST', '/auth/signup', {
      email: a.email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      phone: a.phone,
      userType: a.type,
      languagePreference: a.lang,
      tosAccepted: true,
    });
    let token = signup.session.access_token as string;
    const sms = await call(base, 'GET', '/dev/sms');
    const text = sms.messages.find((m: any) => m.to === signup.user.phone)?.body ?? '';
    const code = /(\d{6})/.exec(text)?.[1];
    if (code) {
      await call(base, 'POST', '/auth/verify-phone', { phone: a.phone, code }, token);
      // A fresh token carries the verified phone (posting shifts needs it).
      const refreshed = await call(base, 'POST', '/auth/refresh', {
        refresh_token: signup.session.refresh_token,
      });
      token = refreshed.session.access_token;
    }
    await call(
      base,
      'POST',
      '/agreements/accept',
      { agreementType: a.type === 'chef' ? 'worker_tos' : 'restaurant_tos', version: '1.0' },
      token,
    );
    await call(base, 'POST', `/profiles/${a.type}`, a.profile, token);
    if (services.payments === 'ready') await setUpPayouts(base, token);
    if (code && services.payments === 'ready' && services.jobs === 'ready') {
      for (const shift of DEMO_SHIFTS[a.email] ?? []) await postPaidShift(base, token, shift);
    }
    created.push(a.email);
  }
  return created;
}
