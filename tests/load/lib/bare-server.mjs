// Child process of the benchmark: a bare Node `http` server answering exactly the bytes the openings poll
// answered through the gateway (same status, headers and body; 304 when If-None-Match matches). It is the
// ceiling one Node process on this machine reaches for that response.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const captured = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(captured.body, 'utf8');
const headers200 = { ...captured.headers, 'content-length': String(body.length) };
const headers304 = { ...captured.headers };
delete headers304['content-length'];
delete headers304['content-type'];

const server = http.createServer((req, res) => {
  if (req.headers['if-none-match'] === captured.etag) {
    res.writeHead(304, headers304);
    res.end();
    return;
  }
  res.writeHead(200, headers200);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
process.on('disconnect', () => process.exit(0));
