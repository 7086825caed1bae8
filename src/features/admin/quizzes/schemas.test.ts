import { describe, expect, test } from 'vitest';
import { formatQuizText, parseQuizText, quizCreateSchema, quizUpdateSchema, withQuestionIds } from './schemas.ts';
import { firstProblemOf as problem } from '../fields.ts';

const ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';

describe('quizzes', () => {
  const quiz = {
    title: 'Weekend Quiz',
    description: 'About weekends.',
    category_id: ID,
    questions: [{ text: 'Tea or coffee?', options: [{ text: 'Tea', personalities: ['drinkLab'] }, { text: 'Coffee' }] }],
  };

  test('options without personalities score nothing; repeated personalities count once', () => {
    const parsed = quizCreateSchema.parse({
      ...quiz,
      questions: [{ text: 'Q', options: [{ text: 'A', personalities: ['gameMode', 'gameMode', 'techSavvy'] }, { text: 'B' }] }],
    });
    expect(parsed.questions[0]?.options).toEqual([
      { text: 'A', personalities: ['gameMode', 'techSavvy'] },
      { text: 'B', personalities: [] },
    ]);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['no description', { description: ' ' }, 'description', 'Description is required'],
    ['no category', { category_id: undefined }, 'category_id', 'Category is required'],
    ['a category that is not a UUID', { category_id: 'games' }, 'category_id', 'Category must be a UUID'],
    ['no questions', { questions: undefined }, 'questions', 'Questions are required'],
    ['an empty question list', { questions: [] }, 'questions', 'Questions are required'],
    ['questions as text', { questions: 'Tea or coffee?\nTea\nCoffee' }, 'questions', 'Questions must be a list'],
    ['a question without text', { questions: [{ options: [{ text: 'A' }, { text: 'B' }] }] }, 'questions.0.text', 'Question text is required'],
    ['a question with one option', { questions: [{ text: 'Q', options: [{ text: 'A' }] }] }, 'questions.0.options', 'Each question needs at least 2 options'],
    ['a question with 9 options', { questions: [{ text: 'Q', options: Array.from({ length: 9 }, (_, i) => ({ text: `${i}` })) }] }, 'questions.0.options', 'A question can have at most 8 options (A to H)'],
    ['an option without text', { questions: [{ text: 'Q', options: [{ text: '' }, { text: 'B' }] }] }, 'questions.0.options.0.text', 'Option text is required'],
    ['an unknown personality', { questions: [{ text: 'Q', options: [{ text: 'A', personalities: ['cats'] }, { text: 'B' }] }] }, 'questions.0.options.0.personalities.0', 'Unknown personality "cats": use one of the 20 gift personalities'],
    ['one question id twice', { questions: [{ id: 'q', text: 'A', options: [{ text: '1' }, { text: '2' }] }, { id: 'q', text: 'B', options: [{ text: '1' }, { text: '2' }] }] }, 'questions.1.id', 'Question ID q is used twice'],
  ])('%s: %s → %s', (_, change, field, message) => {
    expect(problem(quizCreateSchema, { ...quiz, ...change })).toEqual({ field, message });
  });

  test('all twenty personalities of the spec are accepted', () => {
    const personalities = [
      'dontNeedAnything', 'buildersFixers', 'personalFitness', 'musicRoom', 'newParents', 'techSavvy', 'craftsPottery',
      'culinaryCrew', 'natureUnleashed', 'gameMode', 'drinkLab', 'artistDesigners', 'togetherWherever',
      'lightsCameraAction', 'workaholic', 'sportsCentral', 'storytellerCorner', 'worldExplorer', 'animeFans', 'beautySkinHair',
    ];
    expect(problem(quizCreateSchema, { ...quiz, questions: [{ text: 'Q', options: [{ text: 'All', personalities }, { text: 'None' }] }] })).toBeNull();
  });

  test('an update needs the quiz id', () => {
    expect(problem(quizUpdateSchema, quiz)).toEqual({ field: 'id', message: 'No quiz ID provided' });
  });

  test('withQuestionIds keeps ids and gives new questions one', () => {
    let n = 0;
    const parsed = quizCreateSchema.parse({
      ...quiz,
      questions: [{ id: 'kept', text: 'A', options: [{ text: '1' }, { text: '2' }] }, { text: 'B', options: [{ text: '1' }, { text: '2' }] }],
    });
    expect(withQuestionIds(parsed.questions, () => `new-${++n}`).map((q) => q.id)).toEqual(['kept', 'new-1']);
  });
});

describe('parseQuizText (spec: one question per block, blank-line separated; first line the question, the rest its options)', () => {
  test('reads blocks into questions and options, trimmed, empty lines dropped', () => {
    expect(parseQuizText('\n  Tea or coffee?  \n  Tea \n\n   \n\nWhere to?\n Beach\nMountains \n\n')).toEqual([
      { text: 'Tea or coffee?', options: [{ text: 'Tea', personalities: [] }] },
      { text: 'Where to?', options: [{ text: 'Beach', personalities: [] }, { text: 'Mountains', personalities: [] }] },
    ]);
  });

  test('a blank line holding only spaces separates blocks too, and Windows line ends are fine', () => {
    expect(parseQuizText('A?\r\n1\r\n  \r\nB?\r\n2').map((q) => q.text)).toEqual(['A?', 'B?']);
  });

  test('an option may end in [key, key] naming its personalities', () => {
    expect(parseQuizText('Saturday?\nA long run [personalFitness, sportsCentral]\nA new game [ gameMode ,, techSavvy ]\nA nap []')).toEqual([
      {
        text: 'Saturday?',
        options: [
          { text: 'A long run', personalities: ['personalFitness', 'sportsCentral'] },
          { text: 'A new game', personalities: ['gameMode', 'techSavvy'] },
          { text: 'A nap', personalities: [] },
        ],
      },
    ]);
  });

  test('unknown keys come back as written, for the schema to report', () => {
    expect(parseQuizText('Q\nA [cats]')[0]?.options[0]).toEqual({ text: 'A', personalities: ['cats'] });
  });

  test('brackets inside an option are part of its text', () => {
    expect(parseQuizText('Q\nLego [large] set')[0]?.options[0]).toEqual({ text: 'Lego [large] set', personalities: [] });
  });

  test('empty text is no questions', () => {
    expect(parseQuizText(' \n\n ')).toEqual([]);
  });

  test('a parsed text passes the quiz schema as questions', () => {
    const questions = parseQuizText('Tea or coffee?\nTea [drinkLab]\nCoffee [workaholic, drinkLab]');
    expect(problem(quizCreateSchema, { title: 'T', description: 'D', category_id: ID, questions })).toBeNull();
  });

  test('formatQuizText writes questions back in the same format', () => {
    const text = 'Tea or coffee?\nTea [drinkLab]\nCoffee\n\nWhere to?\nBeach [worldExplorer, natureUnleashed]\nHome';
    expect(formatQuizText(parseQuizText(text))).toBe(text);
  });
});
