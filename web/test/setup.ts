// Web component tests (jsdom): fetch primitives backed by the fake API, and the English texts loaded up front.
import { afterEach, beforeAll } from '@jest/globals';
import { TextDecoder, TextEncoder } from 'node:util';
import { fakeApi, FakeHeaders, FakeRequest, FakeResponse } from './fake-api';

Object.assign(globalThis, {
  TextEncoder,
  TextDecoder,
  Headers: FakeHeaders,
  Request: FakeRequest,
  Response: FakeResponse,
  fetch: fakeApi.fetch,
});

beforeAll(async () => {
  const { default: i18n, allNamespaces } = await import('../src/shared/i18n');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([...allNamespaces]);
});

afterEach(async () => {
  fakeApi.reset();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // a test that signed in a Spanish reader leaves the next one in English
  const { default: i18n } = await import('../src/shared/i18n');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

// Lazy routes transform on first import under jest: give async queries time.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 8000 });
