import { credentialTimeZone, localDate } from '@brigade/contracts';
import { expectStatus, type Account, type Api, type Reply } from './stack';

// Issue 39: a chef's credentials through the public API, as the Credentials page sends them (multipart), and
// the operator's decision, as the console sends it.

/** A phone camera's JPEG of a card (the bytes file-type reads as image/jpeg). */
export const CARD_PHOTO = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(256, 9),
  Buffer.from([0xff, 0xd9]),
]);
/** A Windows program (MZ header, PE signature), named card.pdf by whoever sends it. */
export const PROGRAM = (() => {
  const bytes = Buffer.alloc(1024, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();

/** A day `days` from today in a chef's city (the suites' chefs are in Detroit), YYYY-MM-DD. */
export function dayIn(days: number, city = 'Detroit', now = new Date()): string {
  return localDate(new Date(now.getTime() + days * 86_400_000), credentialTimeZone(city));
}

/** POST /api/credentials as a multipart form: the fields, and a file (a card photo unless told; null: none). */
export function addCredential(
  stack: Api,
  chef: Account,
  fields: Record<string, string> = {},
  file: { bytes: Buffer; name: string; type: string } | null = {
    bytes: CARD_PHOTO,
    name: 'card.jpg',
    type: 'image/jpeg',
  },
): Promise<Reply> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ type: 'food_handler', expires_on: dayIn(365), ...fields }))
    form.set(k, v);
  if (file) form.set('file', new Blob([file.bytes], { type: file.type }), file.name);
  return stack.call('POST', '/api/credentials', { token: chef.token, raw: form });
}

/** The chef adds a credential and an operator verifies it; returns its id. */
export async function verifiedCredential(
  stack: Api,
  chef: Account,
  operator: { token: string },
  fields: Record<string, string> = {},
): Promise<string> {
  const id = expectStatus(await addCredential(stack, chef, fields), 201).body.credential.id;
  expectStatus(await stack.call('POST', `/api/ops/credentials/${id}/verify`, { token: operator.token }), 200);
  return id;
}
