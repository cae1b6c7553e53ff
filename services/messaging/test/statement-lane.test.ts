import { eventually } from '@brigade/kit/testing';
import type { Translator } from '../src/adapters/translation-port';
import { BACKGROUND_PIECE_CHARS, splitIntoPieces, translationLanes } from '../src/adapters/translation-lanes';
import { startApyStandIn, type ApyRequest } from './apy-stand-in';
import { startMessaging, type Messaging } from './harness';

// Issue 33: one party flooded a dispute with long statements, and chat messages sent meanwhile waited behind
// their translation. Statements now go through the background lane: a piece at a time, and only while no chat
// message is being translated. The engine is a stand-in of Apertium's HTTP server (`apy-stand-in.ts`) that
// translates one request at a time, as one engine on a small machine does, and holds its first request until
// the test lets it go. What is asserted is the order of the engine's work, never a time.

/** Every text the engine worked on, in the order it took them up (one at a time). */
const worked: string[] = [];
/** Every text that reached the engine, in order of arrival. */
const arrived: string[] = [];
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));
const queue: ApyRequest[] = [];
let busy = false;
let apy: Awaited<ReturnType<typeof startApyStandIn>>;
let m: Messaging;

async function pump() {
  if (busy) return;
  const next = queue.shift();
  if (!next) return;
  busy = true;
  worked.push(next.q);
  await released;
  next.answer();
  busy = false;
  void pump();
}

beforeAll(async () => {
  apy = await startApyStandIn((request) => {
    arrived.push(request.q);
    queue.push(request);
    void pump();
  });
  m = await startMessaging({
    TRANSLATION_PROVIDER: 'apertium',
    APERTIUM_URL: apy.url,
    TRANSLATE_TIMEOUT_MS: 30_000,
  });
});
afterAll(async () => {
  release();
  await m?.stop();
  await apy.close();
});

/** A 2,000-character statement of plain sentences (none of the kitchen glossary's terms). */
function longStatement(n: number): string {
  const sentence = `Statement ${n}: I arrived early and stayed until midnight, and the manager signed my time sheet. `;
  return sentence.repeat(Math.ceil(2000 / sentence.length)).slice(0, 2000);
}

test('a chat message sent while long statements wait is translated before them, behind one piece at most', async () => {
  const chef = await m.user('chef', { language: 'en', name: 'Sam Grill' });
  const restaurant = await m.user('restaurant', { language: 'es', name: 'Taquería Lupita' });
  const job = await m.postJob(restaurant, 'Cocinero de línea');
  await m.apply(job, chef);

  // The flood: five statements of 2,000 characters; the engine takes up the first and holds it.
  const texts = [1, 2, 3, 4, 5].map(longStatement);
  const ids: string[] = [];
  for (const text of texts) ids.push(await m.statement(job, chef, chef, text));
  await eventually(() => expect(worked.length).toBe(1));

  // The chef writes in the chat while the statements wait.
  const chat = 'I will leave my bag by the office tomorrow morning.';
  const sending = m.call(chef, 'POST', `/messages/job/${job.id}`, { content: chat });
  await eventually(() => expect(arrived).toContain(chat));
  release();

  const sent = await sending;
  expect(sent.status).toBe(201);
  const read = await m.call(restaurant, 'GET', `/messages/job/${job.id}?chef_id=${chef.id}`);
  expect(read.body.messages.at(-1)).toMatchObject({
    was_translated: true,
    content: `ES: ${chat}`,
    original_content: chat,
  });

  // The engine did one piece of a statement before the chat message, never a whole statement, and the
  // statements still waiting went after it.
  const before = worked.slice(0, worked.indexOf(chat));
  expect(before).toHaveLength(1);
  expect(before[0].length).toBeLessThanOrEqual(BACKGROUND_PIECE_CHARS);
  expect(texts.some((t) => worked.slice(worked.indexOf(chat) + 1).some((q) => t.includes(q)))).toBe(true);

  // Every statement still reaches the operator translated whole, piece by piece, in its own words.
  await eventually(() => {
    for (const id of ids) expect(m.translations(id)).toHaveLength(1);
  }, 20_000);
  ids.forEach((id, i) => {
    const pieces = splitIntoPieces(texts[i], BACKGROUND_PIECE_CHARS);
    expect(pieces.length).toBeGreaterThan(1);
    const { data } = m.translations(id)[0] as { data: { translated_text: string } };
    expect(data).toMatchObject({ statement_id: id, translated_language: 'es' });
    // each piece translated once, joined in order (the glossary's terms put back in Spanish)
    expect(data.translated_text.match(/ES: /g)).toHaveLength(pieces.length);
    expect(data.translated_text).toMatch(new RegExp(`^ES: Statement ${i + 1}:`));
  });
});

test('pieces join back into the text exactly, each within the bound', () => {
  const text = `${'One short sentence. '.repeat(30)}${'x'.repeat(950)} and a tail without an end`;
  const pieces = splitIntoPieces(text, 400);
  expect(pieces.join('')).toBe(text);
  for (const p of pieces) expect(p.length).toBeLessThanOrEqual(400);
  expect(splitIntoPieces('Short.', 400)).toEqual(['Short.']);
});

test('an engine with several slots gets whole texts in the background; one that translates one at a time, pieces', async () => {
  const asked: string[] = [];
  const engine = (slots?: number): Translator => ({
    enabled: true,
    provider: 'apertium',
    pairs: ['en-es', 'es-en'],
    via: 'test engine',
    slots,
    async translate(text) {
      asked.push(text);
      return { text: `ES: ${text}`, detectedSource: null };
    },
  });
  const text = longStatement(9);
  await translationLanes(engine(4)).background.translate(text, 'es', 'en');
  expect(asked).toEqual([text]);
  asked.length = 0;
  await translationLanes(engine()).background.translate(text, 'es', 'en');
  expect(asked.join(' ')).toBe(
    splitIntoPieces(text, BACKGROUND_PIECE_CHARS)
      .map((p) => p.trim())
      .join(' '),
  );
  expect(asked.length).toBeGreaterThan(1);
});
