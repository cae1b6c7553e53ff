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
  const { default: i18n, allNamespaces } = await import('../src/app/i18n');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([...allNamespaces]);
});

afterEach(() => {
  fakeApi.reset();
  window.localStorage.clear();
});

// Lazy routes transform on first import under jest: give async queries time.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 8000 });
