import net from 'node:net';

/**
 * The bytes one answer takes on the wire (status line, headers and body as the server sent them, TCP
 * payload), for a GET with these headers: one request on its own connection, read to the end.
 */
export async function wireBytes(
  origin: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; encoding: string | null }> {
  const url = new URL(origin);
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  const request = `${lines.join('\r\n')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('error', reject);
    socket.once('end', () => {
      const raw = Buffer.concat(chunks);
      const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
      const status = Number(head.split(' ')[1]);
      const encoding = /^content-encoding:\s*(\S+)/im.exec(head)?.[1] ?? null;
      resolve({ status, bytes: raw.length, encoding });
    });
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export async function cpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}
