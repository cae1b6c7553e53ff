import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One translation request the stand-in received: its text, and what answers or refuses it. */
export interface ApyRequest {
  q: string;
  /** Answer it with the stand-in's "translation": the text marked with the target language (`ES: <text>`). */
  answer(): void;
  /** The raw response (a refusal, or to see whether the service gave up). */
  res: http.ServerResponse;
}

/**
 * Apertium's HTTP server (APy) as the service reaches it (TRANSLATION_PROVIDER=apertium, APERTIUM_URL), on a
 * free port: every `POST /translate` is handed to `onTranslate`, which answers it when the test says. Its
 * "translation" marks the text with the target language and keeps the rest, placeholders included, so the
 * glossary is seen working around it too. Anything else is a 404.
 */
export async function startApyStandIn(onTranslate: (request: ApyRequest) => void) {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/translate') {
        res.writeHead(404).end();
        return;
      }
      const form = new URLSearchParams(raw);
      const q = form.get('q') ?? '';
      const answer = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            responseData: { translatedText: `${form.get('langpair') === 'eng|spa' ? 'ES' : 'EN'}: ${q}` },
            responseDetails: null,
            responseStatus: 200,
          }),
        );
      onTranslate({ q, answer, res });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
