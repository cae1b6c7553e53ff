import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain pass-through to one service that counts what reached it: a test sees whether the gateway asked. */
export interface CountingRelay {
  url: string;
  /** Requests that reached the service through it. */
  count: number;
  /** The last one's headers. */
  last: http.IncomingHttpHeaders;
  close(): Promise<void>;
}

/** A pass-through to `target` that counts requests and keeps the last one's headers. */
export async function startCountingRelay(target: string): Promise<CountingRelay> {
  const agent = new http.Agent({ keepAlive: true });
  const to = new URL(target);
  const relay = { count: 0, last: {} } as CountingRelay;
  const server = http.createServer((req, res) => {
    relay.count++;
    relay.last = req.headers;
    const up = http.request(
      {
        hostname: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return relay;
}
