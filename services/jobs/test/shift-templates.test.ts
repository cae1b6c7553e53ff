import { sql } from '@brigade/kit';
import { SHIFT_TEMPLATES_MAX } from '../../../contracts/src/http/shift-templates';
import { useHarness, user, type User } from './harness';

// Shift templates (issue 35): a restaurant saves the shape of a shift in times of day and the posting request's
// field names; it lists and deletes only its own. Every refusal is a 4xx with a code and changes nothing.

const h = useHarness();

const friday = {
  name: 'Friday dinner',
  title: 'Line Cook',
  startTime: '17:00',
  endTime: '23:30',
  hourlyRate: 24.5,
  headcount: 3,
  breakMinutes: 30,
  description: 'Grill station, bring your knives.',
  requiredSkills: ['Grill Cook', 'Line Cook'],
};

async function templatesIn(restaurant: User): Promise<number> {
  const rows = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs.shift_templates where restaurant_id = ${restaurant.id}`,
  );
  return Number(rows[0].n);
}

test('a restaurant saves a template, lists it by name and deletes it', async () => {
  const r = await user(h, 'restaurant');
  const saved = await r.api.post('/shift-templates', friday);
  expect(saved.status).toBe(201);
  expect(saved.body.template).toEqual({
    ...friday,
    id: expect.any(String),
    created_at: expect.any(String),
    required_credentials: [],
  });
  // the defaults: one seat, no break, no description, no skills; a night shift ends the next day
  const night = await r.api.post('/shift-templates', {
    name: 'after-hours clean',
    title: 'Dishwasher',
    startTime: '22:00',
    endTime: '02:00',
    hourlyRate: '18',
  });
  expect(night.status).toBe(201);
  expect(night.body.template).toMatchObject({
    headcount: 1,
    breakMinutes: 0,
    description: null,
    requiredSkills: [],
    hourlyRate: 18,
    startTime: '22:00',
    endTime: '02:00',
  });

  const list = await r.api.get('/shift-templates');
  expect(list.status).toBe(200);
  expect(list.body.templates.map((t: any) => t.name)).toEqual(['after-hours clean', 'Friday dinner']);

  const gone = await r.api.del(`/shift-templates/${saved.body.template.id}`);
  expect([gone.status, gone.body]).toEqual([200, { deleted: true }]);
  expect((await r.api.get('/shift-templates')).body.templates.map((t: any) => t.name)).toEqual([
    'after-hours clean',
  ]);
  const again = await r.api.del(`/shift-templates/${saved.body.template.id}`);
  expect([again.status, again.body.code]).toEqual([404, 'JOBS.TEMPLATE_NOT_FOUND']);
});

test("another restaurant neither sees nor deletes a restaurant's template; chefs have no templates", async () => {
  const owner = await user(h, 'restaurant');
  const other = await user(h, 'restaurant');
  const chef = await user(h, 'chef');
  const { id } = (await owner.api.post('/shift-templates', friday)).body.template;

  expect((await other.api.get('/shift-templates')).body.templates).toEqual([]);
  const stranger = await other.api.del(`/shift-templates/${id}`);
  expect([stranger.status, stranger.body.code]).toEqual([404, 'JOBS.TEMPLATE_NOT_FOUND']);
  // the same name is another restaurant's to use
  expect((await other.api.post('/shift-templates', friday)).status).toBe(201);

  for (const reply of [
    await chef.api.get('/shift-templates'),
    await chef.api.post('/shift-templates', friday),
    await chef.api.del(`/shift-templates/${id}`),
  ]) {
    expect(reply.status).toBe(403);
    expect(typeof reply.body.code).toBe('string');
  }
  expect((await owner.api.get('/shift-templates')).body.templates.map((t: any) => t.id)).toEqual([id]);
  // a malformed id is the same 404 as nobody's
  const malformed = await owner.api.del('/shift-templates/not-an-id');
  expect([malformed.status, malformed.body.code]).toEqual([404, 'JOBS.TEMPLATE_NOT_FOUND']);
});

test('bad times, headcount 0 or 21 and a duplicate name are refused with a code, and nothing is saved', async () => {
  const r = await user(h, 'restaurant');
  expect((await r.api.post('/shift-templates', friday)).status).toBe(201);
  const refusals: Array<[Record<string, unknown>, number, string, RegExp]> = [
    [{ startTime: '5pm' }, 400, 'VALIDATION.FAILED', /HH:MM/],
    [{ endTime: '24:00' }, 400, 'VALIDATION.FAILED', /HH:MM/],
    [{ startTime: '2026-12-04T17:00:00Z' }, 400, 'VALIDATION.FAILED', /HH:MM/],
    [{ startTime: '17:00', endTime: '17:00' }, 400, 'VALIDATION.FAILED', /differ from the start/],
    [{ headcount: 0 }, 400, 'VALIDATION.FAILED', /from 1 to 20/],
    [{ headcount: 21 }, 400, 'VALIDATION.FAILED', /from 1 to 20/],
    [{ headcount: 2.5 }, 400, 'VALIDATION.FAILED', /from 1 to 20/],
    [{ hourlyRate: 5 }, 400, 'VALIDATION.FAILED', /between \$15 and \$75/],
    [{ breakMinutes: 121 }, 400, 'VALIDATION.FAILED', /0 and 120/],
    [{ requiredSkills: ['Juggling'] }, 400, 'VALIDATION.FAILED', /Unknown skill/],
    [{ name: '   ' }, 400, 'VALIDATION.FAILED', /name/],
    [{ name: 'x'.repeat(81) }, 400, 'VALIDATION.FAILED', /at most 80/],
    [{ name: 'Friday\u200Bdinner' }, 400, 'VALIDATION.INVISIBLE_CHARACTERS', /invisible/],
    [{ name: 'Friday dinner' }, 409, 'JOBS.TEMPLATE_NAME_TAKEN', /already have a template/],
    [{ name: '  FRIDAY DINNER ' }, 409, 'JOBS.TEMPLATE_NAME_TAKEN', /already have a template/],
  ];
  const got = [];
  for (const [change] of refusals) {
    const reply = await r.api.post('/shift-templates', { ...friday, name: 'Another', ...change });
    got.push([reply.status, reply.body.code, reply.body.error]);
  }
  expect(got).toEqual(refusals.map(([, status, code, text]) => [status, code, expect.stringMatching(text)]));
  expect(await templatesIn(r)).toBe(1);
});

test(`a restaurant keeps at most ${SHIFT_TEMPLATES_MAX} templates`, async () => {
  const r = await user(h, 'restaurant');
  for (let i = 1; i < SHIFT_TEMPLATES_MAX; i++)
    await h.database.rows(
      sql`insert into jobs.shift_templates (id, restaurant_id, name, title, start_time, end_time, hourly_rate_cents)
          values (gen_random_uuid(), ${r.id}, ${`Template ${i}`}, 'Line Cook', '09:00', '17:00', 2000)`,
    );
  expect((await r.api.post('/shift-templates', { ...friday, name: 'The last one' })).status).toBe(201);
  const over = await r.api.post('/shift-templates', { ...friday, name: 'One too many' });
  expect([over.status, over.body.code, over.body.max]).toEqual([409, 'JOBS.TOO_MANY_TEMPLATES', 50]);
  expect(await templatesIn(r)).toBe(SHIFT_TEMPLATES_MAX);
  expect((await r.api.get('/shift-templates')).body.templates).toHaveLength(SHIFT_TEMPLATES_MAX);
});
