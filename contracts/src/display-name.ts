import { z } from 'zod';

/**
 * Names people see (a chef's name, a restaurant's name): they must mean what they show (issue 33). A name is
 * kept in NFC (the same letters always the same code points), and refused when it holds characters that show
 * nothing or turn the text around them:
 * - zero-width and other format characters (Unicode category Cf: U+200B-U+200D, U+2060, U+FEFF, U+00AD, ...),
 *   control characters (Cc), and the blank letters that only look like a space (Hangul fillers, U+2800);
 * - bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), also Cf.
 * An emoji made of several (a zero-width joiner between two emoji, a flag's tag characters) is one picture and
 * stays allowed. A name needs at least NAME_MIN_VISIBLE visible characters (letters, digits, punctuation,
 * symbols; a space is not one). Messages and dispute statements keep such characters: the web app shows them
 * isolated (`dir="auto"`, `<bdi>`).
 */
export const NAME_MIN_VISIBLE = 2;

export const NAME_CODES = {
  invisible: 'VALIDATION.INVISIBLE_CHARACTERS',
  tooShort: 'VALIDATION.NAME_TOO_SHORT',
} as const;
export type NameProblem = (typeof NAME_CODES)[keyof typeof NAME_CODES];

export const NAME_TEXTS: Record<NameProblem, string> = {
  'VALIDATION.INVISIBLE_CHARACTERS':
    'Names cannot contain invisible or text-direction characters. Please type the name again.',
  'VALIDATION.NAME_TOO_SHORT': `Names need at least ${NAME_MIN_VISIBLE} visible characters`,
};

const EMOJI = String.raw`\p{Extended_Pictographic}[\p{Emoji_Modifier}\u{FE0F}]*`;
/** The joiners and tags an emoji sequence is made of (👨‍🍳, 🏴󠁧󠁢󠁳󠁣󠁴󠁿): removed before looking for hidden ones. */
const EMOJI_JOINS = new RegExp(`(?<=${EMOJI})\\u{200D}(?=\\p{Extended_Pictographic})`, 'gu');
const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const HIDDEN = /[\p{Cf}\p{Cc}\u{115F}\u{1160}\u{3164}\u{FFA0}\u{2800}]/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Whether `text` holds a character that shows nothing or reorders the text around it (emoji sequences aside). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text.replace(EMOJI_JOINS, '').replace(FLAG_TAGS, ''));
}

/** How many characters of `text` a reader sees: letters, digits, punctuation and symbols, one per grapheme. */
export function visibleLength(text: string): number {
  let n = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text))
    if (VISIBLE.test(segment) && !HIDDEN.test(segment)) n++;
  return n;
}

/**
 * What is wrong with a name as typed, or null. An empty name is not this rule's concern (the forms say which
 * fields are required). The web forms ask this before sending; the servers refuse the same with the same code.
 */
export function nameProblem(raw: string): NameProblem | null {
  const name = raw.trim().normalize('NFC');
  if (name === '') return null;
  if (hasHiddenCharacters(name)) return NAME_CODES.invisible;
  if (visibleLength(name) < NAME_MIN_VISIBLE) return NAME_CODES.tooShort;
  return null;
}

/**
 * A display name field: trimmed, NFC, at most `max` characters, refused with the codes above (a 400 whose `code`
 * is the issue's `params.code`: kit's error middleware answers it).
 */
export function displayName(max = 120) {
  return z
    .string()
    .trim()
    .normalize('NFC')
    .max(max, 'Name is too long')
    .superRefine((name, ctx) => {
      const problem = nameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: NAME_TEXTS[problem], params: { code: problem } });
    });
}
