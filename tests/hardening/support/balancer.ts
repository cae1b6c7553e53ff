import net from 'node:net';

/**
 * What a Kubernetes Service does for a test on one machine: one address in front of several instances of a
 * process, each new TCP connection to the next instance in turn (kube-proxy balances connections, not
 * requests). An instance that refuses the connection (killed) is skipped, as the Service drops an endpoint
 * whose pod is gone; connections already open to an instance that dies are closed, as they are in a cluster.
 */
export interface Balancer {
  port: number;
  /** New connections sent to each backend port so far. */
  connections: Map<number, number>;
  close(): Promise<void>;
}

export async function startBalancer(port: number, backends: () => number[]): Promise<Balancer> {
  let next = 0;
  const connections = new Map<number, number>();
  const open = new Set<net.Socket>();

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const ports = backends();
    const start = next++;
    const tryBackend = (attempt: number) => {
      if (attempt >= ports.length || client.destroyed) {
        client.destroy();
        return;
      }
      const target = ports[(start + attempt) % ports.length];
      const upstream = net.connect({ host: '127.0.0.1', port: target });
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        connections.set(target, (connections.get(target) ?? 0) + 1);
        open.add(upstream);
        upstream.on('close', () => open.delete(upstream));
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      upstream.on('error', () => {
        if (!connected) tryBackend(attempt + 1);
        else client.destroy();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
