import { identityHttp, nameProblem } from '../src';

// Names that mean what they show (issue 33): one rule in the contracts, the servers' 400s and the web forms'
// messages both read it.

const chefName = (name: string) => identityHttp.ChefProfileForm.safeParse({ name });
const restaurantName = (name: string) => identityHttp.RestaurantProfileForm.safeParse({ name });

/** The code a refused name gives its issue (kit's error middleware answers it). */
const codeOf = (result: ReturnType<typeof chefName>) =>
  result.success ? null : (result.error.issues[0] as { params?: { code?: string } }).params?.code;

describe('display names', () => {
  test('a name is kept in NFC: the same letters are always the same code points', () => {
    const decomposed = 'Luci\u0301a Herna\u0301ndez'; // i + combining acute
    const parsed = chefName(decomposed);
    expect(parsed.success && parsed.data.name).toBe('Lucía Hernández');
    expect(parsed.success && parsed.data.name?.length).toBe(15);
  });

  test.each([
    ['zero-width spaces only', '\u200B'.repeat(100)],
    ['a zero-width space inside', 'Ma\u200Bria'],
    ['a zero-width non-joiner', 'Ma\u200Cria'],
    ['a zero-width joiner between letters', 'Ma\u200Dria'],
    ['a word joiner', 'Ma\u2060ria'],
    ['a byte order mark inside', 'Ma\uFEFFria'],
    ['a right-to-left override', '\u202EKitchen North'],
    ['a left-to-right embedding', 'North \u202AKitchen'],
    ['a pop directional formatting', 'North Kitchen\u202C'],
    ['a right-to-left isolate', '\u2067Kitchen\u2069'],
    ['a right-to-left mark', 'North\u200FKitchen'],
    ['a left-to-right mark', 'North\u200EKitchen'],
    ['an Arabic letter mark', 'North\u061CKitchen'],
    ['a soft hyphen', 'Kit\u00ADchen'],
    ['a Hangul filler (a blank that looks like a space)', '\u3164\u3164'],
    ['a control character', 'North\u0007Kitchen'],
  ])('%s is refused with VALIDATION.INVISIBLE_CHARACTERS', (_what, name) => {
    expect(codeOf(chefName(name))).toBe('VALIDATION.INVISIBLE_CHARACTERS');
    expect(codeOf(restaurantName(name))).toBe('VALIDATION.INVISIBLE_CHARACTERS');
    expect(nameProblem(name)).toBe('VALIDATION.INVISIBLE_CHARACTERS');
  });

  test.each([
    ['one letter', 'A'],
    ['one letter between spaces', '  A  '],
    ['one letter and no-break spaces', 'A\u00A0\u00A0\u3000'],
    ['a letter and a combining mark (one character seen)', 'e\u0301'],
  ])('%s is refused with VALIDATION.NAME_TOO_SHORT', (_what, name) => {
    expect(codeOf(chefName(name))).toBe('VALIDATION.NAME_TOO_SHORT');
    expect(nameProblem(name)).toBe('VALIDATION.NAME_TOO_SHORT');
  });

  test.each([
    ['a plain name', 'Lucía Hernández'],
    ['two letters', 'Bo'],
    ['a right-to-left script (its own direction, no control)', 'مطعم الشام'],
    ['Hebrew', 'מסעדה'],
    ['Chinese', '李明'],
    ['Korean', '김민준'],
    ['Hindi with its joining marks', 'अनुष्का'],
    ['punctuation', "O'Brien & Sons"],
    ['an emoji made with a zero-width joiner', 'Chef \u{1F468}\u200D\u{1F373} Kitchen'],
    ['a skin-toned emoji sequence', '\u{1F469}\u{1F3FD}\u200D\u{1F373} Ana'],
    ['a flag made of tag characters', 'Pub \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
  ])('%s is taken', (_what, name) => {
    expect(chefName(name).success).toBe(true);
    expect(restaurantName(name).success).toBe(true);
    expect(nameProblem(name)).toBeNull();
  });

  test('an empty name is left to the forms (they say which fields are required); the length limit holds', () => {
    expect(chefName('').success).toBe(true);
    expect(nameProblem('   ')).toBeNull();
    expect(chefName('x'.repeat(121)).success).toBe(false);
  });
});
