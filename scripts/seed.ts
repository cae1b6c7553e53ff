/**
 * Demo data for the embedded default, created through the public API exactly as a user would (so it also
 * exercises every service): restaurants and chefs in Minneapolis and Detroit, phones verified, terms
 * accepted, profiles complete.
 */
export const DEMO_PASSWORD = 'brigade-demo';

/** A demo restaurant's hours: open `open`-`close` on the days given, closed the others (hours start empty). */
const hours = (open: string, close: string, closedOn: string[]) =>
  JSON.stringify(
    Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        { open, close, closed: closedOn.includes(d) },
      ]),
    ),
  );

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
      zip: '55401',
      cuisineTypes: JSON.stringify(['American', 'Fine Dining']),
      operatingHours: hours('16:00', '23:00', ['monday']),
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
      zip: '48216',
      cuisineTypes: JSON.stringify(['BBQ', 'Casual Dining']),
      operatingHours: hours('08:00', '22:00', []),
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

class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON answers, read by field
  const json: any = await res.json().catch(() => ({}));
  if (!res.ok)
    throw new ApiError(`${method} ${path}: ${res.status} ${json.error ?? ''}`, res.status, json.code);
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

/**
 * Fault injection for tests: BRIGADE_SEED_STOP_AFTER=<step> kills this process (SIGKILL, as a power cut or a
 * Ctrl-C before the start had its handlers would) right after that step, e.g. `chef.ana:signup`,
 * `restaurant.mpls:shift-posted:1`. The next start must finish the demo data.
 */
function checkpoint(step: string) {
  if (process.env.BRIGADE_SEED_STOP_AFTER === step) process.kill(process.pid, 'SIGKILL');
}

/** Connect onboarding through the Stripe sandbox's page, as the user's browser would; skipped when done. */
async function setUpPayouts(base: string, token: string) {
  const status = await call(base, 'GET', '/payments/connect/account-status', undefined, token);
  if (status.payouts_enabled) return;
  const account_id =
    status.account_id ?? (await call(base, 'POST', '/payments/connect/create-account', {}, token)).account_id;
  const { url } = await call(base, 'POST', '/payments/connect/onboarding-link', { account_id }, token);
  const page = new URL(url);
  const res = await fetch(`${base}${page.pathname}${page.search}`, { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`sandbox onboarding answered ${res.status}`);
}

type DemoShift = {
  title: string;
  dayOffset: number;
  startHour: number;
  hours: number;
  rate: number;
  urgent?: boolean;
  /** Issue 37: only the restaurant's favorites see it for this many minutes after it opens. */
  rosterFirstMinutes?: number;
  /** Issue 37: chefs who meet the bar may "Book now" */
  instantBook?: boolean;
  /** Issue 39: the credentials a chef must hold (verified, unexpired) to take it */
  requiredCredentials?: string[];
};

/** Post a shift as the Post Shift screen does; its id. */
async function postShift(base: string, token: string, shift: DemoShift): Promise<string> {
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
      roster_first_minutes: shift.rosterFirstMinutes ?? 0,
      ...(shift.instantBook ? { instant_book: true } : {}),
      ...(shift.requiredCredentials ? { required_credentials: shift.requiredCredentials } : {}),
    },
    token,
  );
  return job.id;
}

/** Pay a posted shift with Stripe's test card through the sandbox, as the pay screen does. */
async function payShift(base: string, token: string, jobId: string) {
  const { job } = await call(base, 'GET', `/jobs/${jobId}`, undefined, token);
  // Payments learns of the new shift through an event, so its first answers may be 404s; a shift an interrupted
  // start already paid answers 409 (paid), and there is nothing left to do.
  const { client_secret } = await retry(() =>
    call(
      base,
      'POST',
      '/payments/create-escrow-payment',
      { job_id: job.id, amount: job.total_cents },
      token,
    ).catch((err) => {
      if (err instanceof ApiError && err.status === 409) return { client_secret: '' };
      throw err;
    }),
  );
  if (!client_secret) return;
  const intent = String(client_secret).split('_secret_')[0];
  const res = await fetch(`${base}/sandbox/stripe/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret, payment_method: 'pm_card_visa' }).toString(),
  });
  if (!res.ok) throw new Error(`sandbox confirm answered ${res.status}`);
}

/** Wait until the escrow webhook opened the shift (a restart must not post or pay it twice). */
async function waitUntilPaid(base: string, token: string, jobId: string) {
  await retry(async () => {
    const { job } = await call(base, 'GET', `/jobs/${jobId}`, undefined, token);
    if (job.status === 'pending_payment') throw new Error(`shift ${jobId} is not paid yet`);
  }, 100);
}

const DEMO_SHIFTS: Record<string, DemoShift[]> = {
  'restaurant.mpls@demo.brigade.test': [
    // Requires a food handler card: Ana holds a verified one (DEMO_CREDENTIALS); Marcus sees what he is missing.
    {
      title: 'Line Cook',
      dayOffset: 1,
      startHour: 16,
      hours: 6,
      rate: 24,
      urgent: true,
      requiredCredentials: ['food_handler'],
    },
    { title: 'Prep Cook', dayOffset: 2, startHour: 8, hours: 5, rate: 20, instantBook: true },
    { title: 'Dishwasher', dayOffset: 3, startHour: 17, hours: 5.5, rate: 18 },
  ],
  'restaurant.detroit@demo.brigade.test': [
    { title: 'Server', dayOffset: 1, startHour: 11, hours: 4, rate: 19 },
    { title: 'Line Cook', dayOffset: 4, startHour: 15, hours: 7, rate: 26 },
    // Offered to the restaurant's favorites first: chefs find it in their openings 90 minutes after it opens.
    { title: 'Kitchen Help', dayOffset: 2, startHour: 9, hours: 5, rate: 18, rosterFirstMinutes: 90 },
  ],
};

/** Issue 39: the demo chefs' credentials, uploaded as a photo and verified by the demo operator. */
const DEMO_CREDENTIALS: Record<string, { type: string; number: string; issuer: string }[]> = {
  'chef.ana@demo.brigade.test': [
    { type: 'food_handler', number: 'FH-204881', issuer: 'City of Minneapolis' },
  ],
};

/** A photo of a card: the smallest PNG there is (1 x 1), enough for the file type read from its bytes. */
const CARD_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The chef's demo credentials, each uploaded once (as the Credentials page does) and verified by the demo
 * operator when there is one (the embedded default); one already there is left as it is.
 */
async function seedCredentials(base: string, email: string, token: string) {
  const wanted = DEMO_CREDENTIALS[email] ?? [];
  if (wanted.length === 0) return;
  const { credentials: have } = await call(base, 'GET', '/credentials', undefined, token);
  for (const c of wanted) {
    if ((have as Array<{ type: string }>).some((h) => h.type === c.type)) continue;
    const form = new FormData();
    const expires = new Date();
    expires.setFullYear(expires.getFullYear() + 2);
    form.set('type', c.type);
    form.set('number', c.number);
    form.set('issuer', c.issuer);
    form.set('expires_on', expires.toISOString().slice(0, 10));
    form.set('file', new Blob([CARD_PHOTO], { type: 'image/png' }), 'food-handler-card.png');
    const res = await fetch(`${base}/api/credentials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`POST /credentials: ${res.status} ${await res.text()}`);
  }
  const { credentials: now } = await call(base, 'GET', '/credentials', undefined, token);
  const pending = (now as Array<{ id: string; status: string }>).filter((c) => c.status === 'pending');
  if (pending.length === 0) return;
  const ops = await call(base, 'POST', '/auth/signin', {
    email: DEMO_OPERATOR.email,
    password: DEMO_PASSWORD,
  }).catch(() => null);
  if (!ops) return; // no demo operator (real mode, or one configured): an operator verifies it in the console
  for (const c of pending)
    await call(base, 'POST', `/ops/credentials/${c.id}/verify`, {}, ops.session.access_token);
}

/** The account's session: signed up now, or signed in when an earlier, interrupted start created it. */
async function session(base: string, a: (typeof DEMO_ACCOUNTS)[number]) {
  try {
    const signup = await call(base, 'POST', '/auth/signup', {
      email: a.email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      phone: a.phone,
      userType: a.type,
      languagePreference: a.lang,
      tosAccepted: true,
    });
    return signup.session as { access_token: string; refresh_token: string; user: { phone: string } };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    const signin = await call(base, 'POST', '/auth/signin', { email: a.email, password: DEMO_PASSWORD });
    return signin.session as { access_token: string; refresh_token: string; user: { phone: string } };
  }
}

/** The newest code texted to this phone in the SMS sandbox's outbox (after sign-up or a resend). */
async function latestCode(base: string, phone: string): Promise<string | undefined> {
  const sms = await call(base, 'GET', `/dev/sms?to=${encodeURIComponent(phone)}&limit=5`);
  for (const m of sms.messages ?? []) {
    const code = /(\d{6})/.exec(m.body ?? '')?.[1];
    if (code) return code;
  }
  return undefined;
}

/**
 * One demo account, each step checked first and done only when missing, so that a start interrupted anywhere
 * (Ctrl-C, a crash) is completed by the next one: sign up (or sign in), verify the phone, accept the terms,
 * save the profile, set up payouts, post and pay the restaurant's shifts. True when the account is complete.
 */
async function seedAccount(
  base: string,
  a: (typeof DEMO_ACCOUNTS)[number],
  services: Record<string, string>,
): Promise<boolean> {
  const step = (name: string) => checkpoint(`${a.email.split('@')[0]}:${name}`);
  const s = await session(base, a);
  step('signup');
  let token = s.access_token;
  const me = await call(base, 'GET', '/profiles/me', undefined, token);
  let verified = Boolean(me.user.phone_verified);
  if (!verified) {
    let code = await latestCode(base, s.user.phone);
    // An interrupted start: the code texted at its sign-up may have expired or been used; text a new one.
    const tryVerify = async () =>
      code
        ? call(base, 'POST', '/auth/verify-phone', { phone: a.phone, code }, token).then(
            () => true,
            () => false,
          )
        : false;
    verified = await tryVerify();
    if (!verified) {
      await call(base, 'POST', '/auth/resend-code', { phone: a.phone }, token);
      code = await latestCode(base, s.user.phone);
      verified = await tryVerify();
    }
    if (verified) {
      // A fresh token carries the verified phone (posting shifts needs it).
      const refreshed = await call(base, 'POST', '/auth/refresh', { refresh_token: s.refresh_token });
      token = refreshed.session.access_token;
    }
  }
  step('verify');
  await call(
    base,
    'POST',
    '/agreements/accept',
    { agreementType: a.type === 'chef' ? 'worker_tos' : 'restaurant_tos', version: '1.0' },
    token,
  );
  step('terms');
  if (!me.profile) await call(base, 'POST', `/profiles/${a.type}`, a.profile, token);
  step('profile');
  if (services.payments === 'ready') await setUpPayouts(base, token);
  step('payouts');
  if (a.type === 'chef') await seedCredentials(base, a.email, token);
  step('credentials');
  const shifts = DEMO_SHIFTS[a.email] ?? [];
  if (verified && shifts.length > 0 && services.payments === 'ready' && services.jobs === 'ready') {
    const { jobs: mine } = await call(base, 'GET', '/jobs?status=all&limit=200', undefined, token);
    for (const [i, shift] of shifts.entries()) {
      // The demo's shifts are told apart by title and hourly rate; one cancelled or expired is not redone.
      const existing = (
        mine as Array<{ id: string; title: string; hourly_rate: number; status: string }>
      ).find((j) => j.title === shift.title && Number(j.hourly_rate) === shift.rate);
      const id = existing?.id ?? (await postShift(base, token, shift));
      step(`shift-posted:${i + 1}`);
      if (!existing || existing.status === 'pending_payment' || existing.status === 'payment_failed') {
        await payShift(base, token, id);
        await waitUntilPaid(base, token, id);
      }
      step(`shift-paid:${i + 1}`);
    }
  }
  return verified;
}

export interface SeedResult {
  /** The demo accounts that are complete: these logins work. */
  ready: string[];
  /** Those that are not, with the reason (a restart tries them again). */
  failed: Array<{ email: string; reason: string }>;
}

/** Create or complete the demo data; safe to run again after an interrupted start. */
export async function seedDemo(base: string): Promise<SeedResult> {
  const result: SeedResult = { ready: [], failed: [] };
  const services =
    ((await (await fetch(`${base}/ready`)).json()) as { services?: Record<string, string> }).services ?? {};
  for (const a of DEMO_ACCOUNTS) {
    try {
      if (await seedAccount(base, a, services)) result.ready.push(a.email);
      else result.failed.push({ email: a.email, reason: 'the phone could not be verified' });
    } catch (err) {
      result.failed.push({ email: a.email, reason: (err as Error).message });
    }
  }
  return result;
}
