import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from '../src/http';

// A test stack reserves its processes' ports first and starts them after; connections opened meanwhile take
// ports from the kernel's ephemeral range. freePort's ports are outside it, so no connection can take them.

const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);

test('a free port lies below the ephemeral range and can be listened on', async () => {
  const ports = await Promise.all(Array.from({ length: 10 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(ephemeralLow);
  }
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ports[0], '127.0.0.1', resolve);
  });
  await new Promise((resolve) => server.close(resolve));
});

test('hundreds of outgoing connections never take a port it gave', async () => {
  const port = await freePort();
  const target = net.createServer((s) => s.destroy());
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const { port: targetPort } = target.address() as net.AddressInfo;
  const locals = await Promise.all(
    Array.from(
      { length: 300 },
      () =>
        new Promise<number>((resolve, reject) => {
          const c = net.connect(targetPort, '127.0.0.1', () => {
            resolve(c.localPort!);
            c.destroy();
          });
          c.once('error', reject);
        }),
    ),
  );
  expect(locals).not.toContain(port);
  expect(Math.min(...locals)).toBeGreaterThanOrEqual(ephemeralLow);
  await new Promise((resolve) => target.close(resolve));
});
