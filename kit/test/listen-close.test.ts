import http from 'node:http';
import net from 'node:net';
import express from 'express';
import { listen } from '../src/http';

// A service stopping (a rolling deploy, the end of a test) lets the requests it is answering finish and ends every
// other connection at once: a keep-alive connection between two requests, and one a client opened but never used.
// The server's last resort (every connection cut after 20 s) is never what ends them.

/** A raw connection that has sent nothing; `ended` resolves when the server ends it. */
async function unusedConnection(port: number): Promise<{ ended: Promise<void> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { ended: new Promise<void>((resolve) => socket.once('close', () => resolve())) };
}

/** One GET on a kept-alive connection of its own, answered; resolves with its status and when the server ends it. */
async function idleKeepAlive(url: string): Promise<{ status: number; ended: Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/quick`, { agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ended }));
    });
    const ended = new Promise<void>((done) =>
      req.once('socket', (socket) => socket.once('close', () => done())),
    );
    req.once('error', reject);
  });
}

test('closing answers the request in flight and ends the unused and idle connections without waiting for it', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const app = express();
  app.get('/quick', (_req, res) => res.json({ ok: true }));
  app.get('/slow', async (_req, res) => {
    arrived();
    await held;
    res.json({ answered: true });
  });
  const server = await listen(app);

  const unused = await unusedConnection(server.port);
  const idle = await idleKeepAlive(server.url);
  expect(idle.status).toBe(200);
  const slow = fetch(`${server.url}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
  await inFlight;

  const closed = server.close();
  // Both quiet connections end while the slow request is still held: not the 20 s cut, which would end it too.
  await Promise.all([unused.ended, idle.ended]);
  release();
  expect(await slow).toEqual({ status: 200, body: { answered: true } });
  await closed;
  // and nothing listens any more
  await expect(fetch(`${server.url}/quick`)).rejects.toThrow();
});
