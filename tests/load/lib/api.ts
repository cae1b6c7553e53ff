/** Calls to the product through the gateway, as the web client makes them. */
export class Api {
  constructor(readonly origin: string) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads the answers by field, as the client does
  async call<T = any>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string>; expect?: number[] } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      redirect: 'manual',
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* html or empty */
    }
    const expect = opts.expect ?? [200, 201];
    if (!expect.includes(res.status))
      throw new Error(
        `${method} ${path}: ${res.status} ${typeof body === 'object' ? JSON.stringify(body).slice(0, 300) : String(body).slice(0, 200)}`,
      );
    return { status: res.status, body: body as T, headers: res.headers };
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run `fn` over items with at most `n` at a time. */
export async function pool<T, R>(
  items: T[],
  n: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
  everyMs = 20,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}
