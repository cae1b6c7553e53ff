import { jobEditsHttp } from '../src';

// Issue 35 (ADR 0031): the edit, repeat and series requests refuse what cannot be meant, in words.

const { EditJobRequest, RepeatJobRequest, CreateSeriesRequest } = jobEditsHttp;
const errorOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

test('an edit names at least one field, and takes the posting rules for each', () => {
  expect(errorOf(EditJobRequest.safeParse({}))).toMatch(/Say what to change/);
  expect(EditJobRequest.parse({ hourlyRate: '30', headcount: '4', break_minutes: 30 })).toEqual({
    hourlyRate: 30,
    headcount: 4,
    break_minutes: 30,
  });
  expect(errorOf(EditJobRequest.safeParse({ headcount: 21 }))).toMatch(
    /Headcount must be a whole number from 1 to 20/,
  );
  expect(errorOf(EditJobRequest.safeParse({ break_minutes: 121 }))).toMatch(/between 0 and 120/);
  expect(errorOf(EditJobRequest.safeParse({ hourlyRate: 5 }))).toMatch(/between \$15 and \$75/);
});

test('a repeat lists distinct calendar dates', () => {
  expect(RepeatJobRequest.parse({ dates: ['2026-12-04', '2026-12-11'] }).dates).toHaveLength(2);
  expect(errorOf(RepeatJobRequest.safeParse({ dates: [] }))).toMatch(/at least one date/);
  expect(errorOf(RepeatJobRequest.safeParse({ dates: ['12/04/2026'] }))).toMatch(/YYYY-MM-DD/);
  expect(errorOf(RepeatJobRequest.safeParse({ dates: ['2026-12-04', '2026-12-04'] }))).toMatch(
    /Each date once/,
  );
});

test('a series comes from a template or the posting fields, on named weekdays', () => {
  const fields = { title: 'Line Cook', startTime: '17:00', endTime: '23:00', hourlyRate: 25 };
  expect(CreateSeriesRequest.parse({ ...fields, weekdays: ['fri'], until: '2027-02-26' })).toMatchObject({
    headcount: 1,
    breakMinutes: 0,
    weekdays: ['fri'],
  });
  expect(errorOf(CreateSeriesRequest.safeParse({ weekdays: ['fri'], until: '2027-02-26' }))).toMatch(
    /templateId, or title, startTime, endTime and hourlyRate/,
  );
  expect(
    errorOf(CreateSeriesRequest.safeParse({ ...fields, weekdays: ['friday'], until: '2027-02-26' })),
  ).toMatch(/mon, tue/);
  expect(errorOf(CreateSeriesRequest.safeParse({ ...fields, weekdays: [], until: '2027-02-26' }))).toMatch(
    /at least one weekday/,
  );
});
