/**
 * Demo data for the embedded default, created through the public API exactly as a user would (so it also
 * exercises every service): restaurants and chefs in Minneapolis and Detroit, phones verified, terms
 * accepted, profiles complete.
 */
export const DEMO_PASSWORD = 'brigade-demo';

export const DEMO_ACCOUNTS = [
  {
    email: 'restaurant.mpls@demo.brigade.test', type: 'restaurant' as const, phone: '6125550101', lang: 'en' as const,
    profile: { name: 'North Loop Kitchen', description: 'Seasonal Midwestern plates in the North Loop.', address: '212 N 1st Ave', city: 'Minneapolis', cuisineTypes: JSON.stringify(['American', 'Fine Dining']) },
  },
  {
    email: 'restaurant.detroit@demo.brigade.test', type: 'restaurant' as const, phone: '3135550102', lang: 'en' as const,
    profile: { name: 'Corktown Grill', description: 'Wood-fired grill and brunch in Corktown.', address: '1400 Michigan Ave', city: 'Detroit', cuisineTypes: JSON.stringify(['BBQ', 'Casual Dining']) },
  },
  {
    email: 'chef.ana@demo.brigade.test', type: 'chef' as const, phone: '6125550103', lang: 'es' as const,
    profile: { name: 'Ana Ruiz', bio: 'Cocinera de línea con seis años en parrilla y salteado.', city: 'Minneapolis', skills: JSON.stringify(['Line Cook', 'Grill Cook', 'Sauté Cook']), hourlyRateMin: '22' },
  },
  {
    email: 'chef.marcus@demo.brigade.test', type: 'chef' as const, phone: '6125550104', lang: 'en' as const,
    profile: { name: 'Marcus Lee', bio: 'Prep and pastry, early mornings welcome.', city: 'Minneapolis', skills: JSON.stringify(['Prep Cook', 'Pastry Chef', 'Breakfast Cook']), hourlyRateMin: '20' },
  },
  {
    email: 'chef.dana@demo.brigade.test', type: 'chef' as const, phone: '3135550105', lang: 'en' as const,
    profile: { name: 'Dana Brooks', bio: 'Dish, prep and banquet service. Reliable and fast.', city: 'Detroit', skills: JSON.stringify(['Dishwasher', 'Prep Cook', 'Banquet Service']), hourlyRateMin: '17' },
  },
];

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

export async function seedDemo(base: string): Promise<string[]> {
  const created: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const signup = await call(base, 'POST', '/auth/signup', {
      email: a.email, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, phone: a.phone, userType: a.type, languagePreference: a.lang, tosAccepted: true,
    });
    const token = signup.session.access_token as string;
    const sms = await call(base, 'GET', '/dev/sms');
    const text = sms.messages.find((m: any) => m.to === signup.user.phone)?.body ?? '';
    const code = /(\d{6})/.exec(text)?.[1];
    if (code) await call(base, 'POST', '/auth/verify-phone', { phone: a.phone, code });
    await call(base, 'POST', '/agreements/accept', { agreementType: a.type === 'chef' ? 'worker_tos' : 'restaurant_tos', version: '1.0' }, token);
    await call(base, 'POST', `/profiles/${a.type}`, a.profile, token);
    created.push(a.email);
  }
  return created;
}
