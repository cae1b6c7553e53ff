import { z } from 'zod';
import {
  baseConfigSchema,
  ConfigError,
  delays,
  loadConfig,
  optionalText,
  optionalUrl,
  requireSandboxSettings,
} from '../src/config';

describe('config helpers', () => {
  const schema = z.object({ TEXT: optionalText, URL: optionalUrl, DELAYS: delays('100,200') });

  it('reads optional text trimmed, blank as unset', () => {
    expect(loadConfig(schema, { TEXT: '  sk_test  ' }).TEXT).toBe('sk_test');
    expect(loadConfig(schema, { TEXT: '   ' }).TEXT).toBeUndefined();
    expect(loadConfig(schema, {}).TEXT).toBeUndefined();
  });

  it('reads an optional URL, blank as unset, and refuses anything else', () => {
    expect(loadConfig(schema, { URL: ' http://127.0.0.1:4001 ' }).URL).toBe('http://127.0.0.1:4001');
    expect(loadConfig(schema, { URL: '' }).URL).toBeUndefined();
    expect(() => loadConfig(schema, { URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { URL: 'not a url' })).toThrow(/URL: Invalid URL/);
  });

  it('reads delays as positive integers, the fallback when unset', () => {
    expect(loadConfig(schema, {}).DELAYS).toEqual([100, 200]);
    expect(loadConfig(schema, { DELAYS: '5, 10 ,15' }).DELAYS).toEqual([5, 10, 15]);
    expect(() => loadConfig(schema, { DELAYS: '5,-1' })).toThrow(/DELAYS\.1:/);
    expect(() => loadConfig(schema, { DELAYS: '5,x' })).toThrow(ConfigError);
  });

  it("sizes each process's database pool: 10 unless DATABASE_POOL_SIZE says, never 0", () => {
    expect(loadConfig(baseConfigSchema, {}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig(baseConfigSchema, { DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    expect(() => loadConfig(baseConfigSchema, { DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig(baseConfigSchema, { DATABASE_POOL_SIZE: 'many' })).toThrow(ConfigError);
  });

  it('gives every service the event retry delays', () => {
    expect(loadConfig(baseConfigSchema, {}).EVENT_RETRY_DELAYS_MS).toEqual([1000, 5000, 30000]);
    expect(loadConfig(baseConfigSchema, { EVENT_RETRY_DELAYS_MS: '10,20' }).EVENT_RETRY_DELAYS_MS).toEqual([
      10, 20,
    ]);
  });

  it('serves the hot polled GETs before Express unless LEAN_GETS=0 (ADR 19)', () => {
    expect(loadConfig(baseConfigSchema, {}).LEAN_GETS).toBe(true);
    expect(loadConfig(baseConfigSchema, { LEAN_GETS: '0' }).LEAN_GETS).toBe(false);
    expect(loadConfig(baseConfigSchema, { LEAN_GETS: 'false' }).LEAN_GETS).toBe(false);
    expect(() => loadConfig(baseConfigSchema, { LEAN_GETS: 'off' })).toThrow(/LEAN_GETS/);
  });

  it('refuses to build a service on its sandbox without the settings the sandbox needs, naming each one missing', () => {
    const need = (url?: string, secret?: string) => () =>
      requireSandboxSettings({
        service: 'payments',
        because: 'without STRIPE_SECRET_KEY the Stripe sandbox answers',
        settings: {
          STRIPE_API_URL: { value: url, is: 'its address, e.g. http://stripe-sandbox:4010' },
          STRIPE_WEBHOOK_SECRET: { value: secret, is: 'the secret it signs webhooks with' },
        },
      });
    expect(need('http://127.0.0.1:4010', 'whsec_x')).not.toThrow();
    expect(need()).toThrow(ConfigError);
    expect(need()).toThrow(
      'payments: without STRIPE_SECRET_KEY the Stripe sandbox answers: set STRIPE_API_URL (its address, e.g. ' +
        'http://stripe-sandbox:4010) and STRIPE_WEBHOOK_SECRET (the secret it signs webhooks with).',
    );
    expect(need('http://127.0.0.1:4010')).toThrow(
      /answers: set STRIPE_WEBHOOK_SECRET \(the secret it signs webhooks with\)\. `npm start`/,
    );
  });
});
