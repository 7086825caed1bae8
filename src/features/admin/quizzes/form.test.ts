import { describe, expect, test } from 'vitest';
import { parseQuizText } from './schemas.ts';
import {
  checkQuizForm, EMPTY_QUIZ_FORM, formFromQuiz, keptQuestionIds, previewQuestions, quizShapeNote, type QuizForm, type StoredQuiz,
} from './form.ts';

const CATEGORY = '7f3e9d21-8c4b-4a6e-b5d2-1c9e3f7a2b4d';
const QUIZ_ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';

const QUESTIONS = [
  'How do they spend a Saturday?',
  'On a trail [natureUnleashed, personalFitness]',
  'At the gym [personalFitness, sportsCentral]',
  '',
  'Which room is theirs?',
  'The kitchen [culinaryCrew]',
  'The garage [buildersFixers]',
].join('\n');

const filled: QuizForm = { title: 'Gift Quiz', categoryId: CATEGORY, description: 'Find a gift.', gender: 'for_both', questionsText: QUESTIONS };

const stored: StoredQuiz = {
  id: QUIZ_ID,
  title: 'Gift Quiz',
  description: 'Find a gift.',
  category_id: CATEGORY,
  gender_category: 'for_her',
  questions: [
    { id: 'q1', text: 'How do they spend a Saturday?', options: [{ text: 'On a trail', personalities: ['natureUnleashed'] }, { text: 'At the gym', personalities: [] }] },
    { id: 'q2', text: 'Which room is theirs?', options: [{ text: 'The kitchen', personalities: ['culinaryCrew'] }, { text: 'The garage', personalities: [] }] },
  ],
  updated_at: '2026-11-01T00:00:00Z',
};

describe('checkQuizForm (spec: title, category, description and questions are required)', () => {
  test('an empty form names every required field', () => {
    const check = checkQuizForm(EMPTY_QUIZ_FORM, null);
    expect(check.body).toBeNull();
    expect(check.problems).toEqual({
      title: 'Title is required',
      category: 'Category is required',
      description: 'Description is required',
      questions: 'Questions are required',
    });
  });

  test('blank text counts as missing', () => {
    expect(checkQuizForm({ ...filled, title: '   ' }, null).problems).toEqual({ title: 'Title is required' });
  });

  test('a complete form is a new quiz with its questions parsed', () => {
    const check = checkQuizForm(filled, null);
    expect(check.problems).toEqual({});
    expect(check.body).toEqual({
      title: 'Gift Quiz', description: 'Find a gift.', category_id: CATEGORY, gender_category: 'for_both',
      questions: [
        { text: 'How do they spend a Saturday?', options: [
          { text: 'On a trail', personalities: ['natureUnleashed', 'personalFitness'] },
          { text: 'At the gym', personalities: ['personalFitness', 'sportsCentral'] },
        ] },
        { text: 'Which room is theirs?', options: [
          { text: 'The kitchen', personalities: ['culinaryCrew'] },
          { text: 'The garage', personalities: ['buildersFixers'] },
        ] },
      ],
    });
  });

  test('problems in the questions say which question and option', () => {
    const text = 'Only one option?\nYes\n\nSecond\nA [notAPersonality]\nB';
    const check = checkQuizForm({ ...filled, questionsText: text }, null);
    expect(check.body).toBeNull();
    expect(check.questionProblems).toEqual([
      'Question 1: Each question needs at least 2 options',
      'Question 2, option A: Unknown personality "notAPersonality": use one of the 20 gift personalities',
    ]);
    expect(check.problems.questions).toBe('Question 1: Each question needs at least 2 options');
  });

  test('an option whose personalities bracket does not close is refused, naming the question and option', () => {
    const check = checkQuizForm({ ...filled, questionsText: 'First\nA [natureUnleashed]\nB\n\nSecond\nA\nB [drinkLab' }, null);
    expect(check.body).toBeNull();
    expect(check.questionProblems).toEqual([
      'Question 2, option B: Option text cannot hold "[" or "]": end the line with its personalities as [key, key]',
    ]);
  });

  test('an edited quiz is an update with its id, and its questions keep their ids', () => {
    const check = checkQuizForm({ ...formFromQuiz(stored), title: 'New title' }, stored);
    expect(check.body).toMatchObject({ id: QUIZ_ID, title: 'New title', gender_category: 'for_her' });
    expect(check.body?.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
  });
});

describe('formFromQuiz', () => {
  test('writes the questions back as the text the form reads', () => {
    expect(formFromQuiz(stored).questionsText).toBe(
      'How do they spend a Saturday?\nOn a trail [natureUnleashed]\nAt the gym\n\nWhich room is theirs?\nThe kitchen [culinaryCrew]\nThe garage',
    );
  });
});

describe('keptQuestionIds', () => {
  test('a question keeps its id when moved', () => {
    const swapped = parseQuizText('Which room is theirs?\nA\nB\n\nHow do they spend a Saturday?\nC\nD');
    expect(keptQuestionIds(swapped, stored.questions)).toEqual(['q2', 'q1']);
  });
  test('a reworded question keeps the id of the one in its place', () => {
    const reworded = parseQuizText('How do they spend a Sunday?\nA\nB\n\nWhich room is theirs?\nC\nD');
    expect(keptQuestionIds(reworded, stored.questions)).toEqual(['q1', 'q2']);
  });
  test('an added question gets no id (the server gives it a new one)', () => {
    const added = parseQuizText('New first?\nA\nB\n\nHow do they spend a Saturday?\nA\nB\n\nWhich room is theirs?\nC\nD');
    expect(keptQuestionIds(added, stored.questions)).toEqual([undefined, 'q1', 'q2']);
  });
});

describe('the live preview', () => {
  test('letters the options A, B, … as the quiz page does', () => {
    const [first] = previewQuestions(parseQuizText(QUESTIONS));
    expect(first?.number).toBe(1);
    expect(first?.options.map((o) => `${o.letter}. ${o.text}`)).toEqual(['A. On a trail', 'B. At the gym']);
  });

  test('marks a personality key that is none of the 20 as unknown', () => {
    const [question] = previewQuestions(parseQuizText('Pick one\nA board game [gameMode, cats]'));
    expect(question?.options[0]?.personalities).toEqual([{ key: 'gameMode', known: true }, { key: 'cats', known: false }]);
  });

  test('notes a quiz that is not 12 questions of 8 options', () => {
    expect(quizShapeNote(parseQuizText(QUESTIONS))).toBe(
      'The gift-finder quiz usually has 12 questions of 8 options; this one has 2 questions, 2 without 8 options.',
    );
    const full = Array.from({ length: 12 }, (_, i) => [`Q${i}`, ...'ABCDEFGH'.split('')].join('\n')).join('\n\n');
    expect(quizShapeNote(parseQuizText(full))).toBeNull();
  });
});
