// A stand-in for the product's HTTP API in jsdom (which has no fetch): minimal Headers/Request/Response and a
// route table the tests fill. The app's own code (api slice, thunks, screens) runs unchanged on top of it.

type HeaderInit = FakeHeaders | Record<string, string> | [string, string][] | undefined;

export class FakeHeaders {
  private map = new Map<string, string>();
  constructor(init?: HeaderInit) {
    if (!init) return;
    if (init instanceof FakeHeaders) init.forEach((v, k) => this.set(k, v));
    else if (Array.isArray(init)) init.forEach(([k, v]) => this.set(k, v));
    else Object.entries(init).forEach(([k, v]) => this.set(k, v));
  }
  get(name: string) {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  set(name: string, value: string) {
    this.map.set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string) {
    this.set(name, value);
  }
  has(name: string) {
    return this.map.has(name.toLowerCase());
  }
  delete(name: string) {
    this.map.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, key: string) => void) {
    this.map.forEach((v, k) => fn(v, k));
  }
  entries() {
    return this.map.entries();
  }
  [Symbol.iterator]() {
    return this.map.entries();
  }
}

interface RequestInitLike {
  method?: string;
  headers?: HeaderInit;
  body?: unknown;
  signal?: AbortSignal | null;
}

export class FakeRequest {
  url: string;
  method: string;
  headers: FakeHeaders;
  body: unknown;
  signal: AbortSignal | null;
  constructor(input: string | FakeRequest, init: RequestInitLike = {}) {
    const base = typeof input === 'string' ? null : input;
    this.url = base ? base.url : (input as string);
    this.method = (init.method ?? base?.method ?? 'GET').toUpperCase();
    this.headers = new FakeHeaders(init.headers ?? base?.headers);
    this.body = init.body ?? base?.body ?? null;
    this.signal = init.signal ?? base?.signal ?? null;
  }
  clone() {
    return new FakeRequest(this);
  }
  async text() {
    return typeof this.body === 'string' ? this.body : '';
  }
}

export class FakeResponse {
  status: number;
  ok: boolean;
  statusText = '';
  headers: FakeHeaders;
  private payload: string;
  constructor(body: string | null, init: { status?: number; headers?: HeaderInit } = {}) {
    this.payload = body ?? '';
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new FakeHeaders(init.headers);
  }
  clone() {
    return new FakeResponse(this.payload, { status: this.status, headers: this.headers });
  }
  async text() {
    return this.payload;
  }
  async json() {
    return JSON.parse(this.payload) as unknown;
  }
}

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

/** `text` (with its `type`) answers a body that is not JSON, such as an .ics file. */
export type FakeReply = { status?: number; body?: unknown; text?: string; type?: string } | undefined;
type Handler = (call: FakeCall, params: Record<string, string>) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/** The route table: `api.on('GET', '/profiles/me', () => ({ body: {...} }))`; paths are under /api. */
export class FakeApi {
  calls: FakeCall[] = [];
  private routes: Route[] = [];

  reset() {
    this.calls = [];
    this.routes = [];
  }

  on(method: string, path: string, handler: Handler | FakeReply) {
    const keys: string[] = [];
    const pattern = new RegExp(
      '^' + path.replace(/:(\w+)/g, (_m, k: string) => (keys.push(k), '([^/]+)')) + '$',
    );
    const h: Handler = typeof handler === 'function' ? handler : () => handler;
    // later registrations win, so a test can override a default
    this.routes.unshift({ method: method.toUpperCase(), pattern, keys, handler: h });
    return this;
  }

  callsTo(method: string, path: string) {
    return this.calls.filter((c) => c.method === method.toUpperCase() && c.path === path);
  }

  fetch = async (input: FakeRequest | string, init?: RequestInitLike): Promise<FakeResponse> => {
    const req = typeof input === 'string' ? new FakeRequest(input, init) : input;
    if (req.signal?.aborted) throw req.signal.reason;
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/api/, '');
    let body: unknown = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // plain text
      }
    }
    const call: FakeCall = {
      method: req.method,
      path,
      query: Object.fromEntries(url.searchParams.entries()),
      body,
      authorization: req.headers.get('authorization'),
    };
    this.calls.push(call);
    for (const route of this.routes) {
      if (route.method !== req.method) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      const params = Object.fromEntries(route.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])]));
      const reply = (await route.handler(call, params)) ?? {};
      if (reply.text !== undefined)
        return new FakeResponse(reply.text, {
          status: reply.status ?? 200,
          headers: { 'content-type': reply.type ?? 'text/plain; charset=utf-8' },
        });
      return json(reply.status ?? 200, reply.body ?? {});
    }
    return json(404, { error: 'Not found', code: 'HTTP.NOT_FOUND' });
  };
}

function json(status: number, body: unknown) {
  return new FakeResponse(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const fakeApi = new FakeApi();
