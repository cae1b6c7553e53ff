import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@brigade/kit';

/** Debian's nginx, as a platform team would run it in front of a service. */
export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

export interface Nginx {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * nginx as a child process (never the system service) with a config in a temporary folder: one worker
 * (the gateway runs on one core too), `/api/` proxied to `upstream` with the prefix removed, HTTP/1.1 and a
 * keep-alive pool to the upstream, no access log. Stopped (and its folder removed) by `stop()`.
 */
export async function startNginx(upstream: string): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brigade-bench-nginx-'));
  chmodSync(dir, 0o777); // the worker may run as nobody: its temp folders live here
  const port = await freePort();
  const up = new URL(upstream);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
master_process on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  upstream brigade_jobs {
    server ${up.hostname}:${up.port};
    keepalive 64;
    keepalive_requests 100000;
  }
  server {
    listen 127.0.0.1:${port};
    location /api/ {
      proxy_pass http://brigade_jobs/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffers 16 16k;
      proxy_buffer_size 16k;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited while starting (${child.exitCode})`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('nginx did not listen within 10 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT'); // graceful: the master ends its worker
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
