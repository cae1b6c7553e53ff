import { z } from 'zod';
import { baseConfigSchema, ConfigError, delays, loadConfig, optionalText, optionalUrl } from '../src/config';

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

  it('gives every service the event retry delays', () => {
    expect(loadConfig(baseConfigSchema, {}).EVENT_RETRY_DELAYS_MS).toEqual([1000, 5000, 30000]);
    expect(loadConfig(baseConfigSchema, { EVENT_RETRY_DELAYS_MS: '10,20' }).EVENT_RETRY_DELAYS_MS).toEqual([
      10, 20,
    ]);
  });
});
