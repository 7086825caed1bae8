import { describe, expect, test } from 'vitest';
import {
  canGoNext, canGoPrevious, categoryFor, goNext, goPrevious, layoutFor, nextLabel,
  optionLetter, quizResults, selectOption, showsResults, startQuiz, type QuizQuestion, type QuizState,
} from './scoring.ts';

const question = (id: string, options: string[][]): QuizQuestion => ({
  id, text: `Question ${id}`, options: options.map((personalities, i) => ({ text: `Option ${i}`, personalities })),
});
const questions = [
  question('q1', [['techSavvy', 'gameMode'], ['culinaryCrew', 'drinkLab', 'togetherWherever'], ['musicRoom', 'animeFans']]),
  question('q2', [['techSavvy', 'workaholic'], ['natureUnleashed', 'personalFitness']]),
  question('q3', [['gameMode', 'techSavvy'], ['drinkLab', 'notAPersonality']]),
];
const points = (state: QuizState) => Object.fromEntries(Object.entries(state.scores).filter(([, n]) => n > 0));

describe('selecting options', () => {
  test('each selection adds one point to each of the option\'s personalities', () => {
    const state = selectOption(startQuiz(3), questions, 1);
    expect(state.answers).toEqual([1, null, null]);
    expect(points(state)).toEqual({ culinaryCrew: 1, drinkLab: 1, togetherWherever: 1 });
  });

  test('a selection replaces the prior choice, without taking its points back', () => {
    const state = selectOption(selectOption(startQuiz(3), questions, 0), questions, 2);
    expect(state.answers[0]).toBe(2);
    expect(points(state)).toEqual({ techSavvy: 1, gameMode: 1, musicRoom: 1, animeFans: 1 });
  });

  test('selecting the same option again deselects it, without taking its points back', () => {
    const state = selectOption(selectOption(startQuiz(3), questions, 0), questions, 0);
    expect(state.answers[0]).toBeNull();
    expect(points(state)).toEqual({ techSavvy: 1, gameMode: 1 });
    expect(selectOption(startQuiz(3), questions, 7)).toEqual(startQuiz(3));
  });
});

describe('moving between questions', () => {
  test('Next is enabled only with a selection; Previous is disabled on the first question', () => {
    const start = startQuiz(3);
    expect(canGoNext(start)).toBe(false);
    expect(goNext(start)).toBe(start);
    expect(canGoPrevious(start)).toBe(false);
    const second = goNext(selectOption(start, questions, 0));
    expect(second.index).toBe(1);
    expect(canGoPrevious(second)).toBe(true);
    expect(goPrevious(second).index).toBe(0);
  });

  test('Next reads \'See Results\' on the last question and shows the results', () => {
    let state = startQuiz(3);
    for (const option of [0, 1]) state = goNext(selectOption(state, questions, option));
    expect(nextLabel(state)).toBe('See Results');
    expect(nextLabel(startQuiz(3))).toBe('Next');
    state = goNext(selectOption(state, questions, 0));
    expect(showsResults(state)).toBe(true);
    expect(canGoPrevious(state)).toBe(false);
  });

  test('rotates through the four visual layouts', () => {
    expect([0, 1, 2, 3, 4, 11].map(layoutFor)).toEqual(['grid', 'list', 'cards', 'columns', 'grid', 'columns']);
    expect([0, 7].map(optionLetter)).toEqual(['A', 'H']);
  });
});

describe('results', () => {
  test('shows the top 3 personalities above 0 as Top Match, Good Match and Match', () => {
    const scores = { ...startQuiz(0).scores, techSavvy: 3, gameMode: 2, drinkLab: 2, musicRoom: 1 };
    expect(quizResults(scores)).toEqual([
      { personality: 'techSavvy', score: 3, label: 'Top Match' },
      { personality: 'gameMode', score: 2, label: 'Good Match' },
      { personality: 'drinkLab', score: 2, label: 'Match' },
    ]);
    expect(quizResults({ ...startQuiz(0).scores, musicRoom: 1 })).toEqual([{ personality: 'musicRoom', score: 1, label: 'Top Match' }]);
    expect(quizResults(startQuiz(0).scores)).toEqual([]);
  });

  test('maps a personality to its category, or to dontNeedAnything\'s when the mapping is missing', () => {
    const categories = { dontNeedAnything: 'c-default', techSavvy: 'c-tech' };
    expect(categoryFor('techSavvy', categories)).toBe('c-tech');
    expect(categoryFor('animeFans', categories)).toBe('c-default');
    expect(categoryFor('animeFans', {})).toBeNull();
  });
});
