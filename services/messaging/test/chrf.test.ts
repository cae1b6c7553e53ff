import { corpusChrf, sentenceChrf, sentenceStatistics } from './quality/chrf';

// chrF (character n-grams 1..6, beta 2, whitespace left out) against values worked out by hand from the
// definition, and against the figures sacrebleu 2.x prints for the examples of its metric card.

test('a perfect translation scores 100 and one with no character in common 0', () => {
  expect(sentenceChrf('Usa zapatos antideslizantes.', 'Usa zapatos antideslizantes.')).toBe(100);
  expect(sentenceChrf('abc', 'xyz')).toBe(0);
  expect(sentenceChrf('', 'abc')).toBe(0);
});

test('whitespace is not compared', () => {
  expect(sentenceChrf('a b', 'ab')).toBe(100);
  expect(sentenceStatistics('a b', 'ab')[0]).toEqual([2, 2, 2]);
});

test('a hypothesis missing a character: orders without n-grams on a side are left out', () => {
  // n=1: P 2/2, R 2/3; n=2: P 1/1, R 1/2; n>=3: the hypothesis has none.
  // P = 1, R = (2/3 + 1/2) / 2 = 7/12; F2 = 5 * 7/12 / (4 + 7/12) = 35/55
  expect(sentenceChrf('ab', 'abc')).toBeCloseTo((100 * 35) / 55, 10);
});

test('a repeated n-gram matches at most as often as the reference has it', () => {
  // n=1: 4 hyp, 2 ref, 2 match; n=2: 3 hyp, 1 ref, 1 match; n=3: no reference 3-gram.
  // P = (1/2 + 1/3) / 2 = 5/12, R = 1; F2 = 5 * 5/12 / (4 * 5/12 + 1) = 25/32
  expect(sentenceChrf('aaaa', 'aa')).toBeCloseTo(78.125, 10);
});

test('a corpus adds up its counts before scoring (not an average of sentence scores)', () => {
  // n=1: 5 hyp, 6 ref, 5 match; n=2: 3, 4, 3; n=3: 1, 2, 1; n>=4: the hypotheses have none.
  // P = 1, R = (5/6 + 3/4 + 1/2) / 3 = 25/36; F2 = 5 * 25/36 / (4 + 25/36) = 125/169
  expect(corpusChrf(['ab', 'abc'], ['abc', 'abc'])).toBeCloseTo((100 * 125) / 169, 10);
  expect(corpusChrf(['ab', 'abc'], ['abc', 'abc'])).not.toBeCloseTo((sentenceChrf('ab', 'abc') + 100) / 2, 1);
});

test('the examples of sacrebleu’s chrF metric card give its figures', () => {
  expect(
    corpusChrf(
      ['The relationship between Obama and Netanyahu is not exactly friendly.'],
      ['The ties between Obama and Netanyahu are not particularly friendly.'],
    ),
  ).toBeCloseTo(61.576379378113785, 8);
  expect(
    corpusChrf(
      [
        'The relationship between cats and dogs is not exactly friendly.',
        'a good bookshop is just a genteel black hole that knows how to read.',
      ],
      [
        'The relationship between dogs and cats is not exactly friendly.',
        'A good bookshop is just a genteel Black Hole that knows how to read.',
      ],
    ),
  ).toBeCloseTo(84.64214891738334, 8);
});
