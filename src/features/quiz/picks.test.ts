import { describe, expect, test } from 'vitest';
import { answersEveryQuestion, decodePicks, encodePicks, replayPicks } from './picks.ts';
import { quizResults, selectOption, startQuiz, type QuizQuestion } from './scoring.ts';

const questions: QuizQuestion[] = [
  { id: 'q1', text: 'Weekend?', options: [{ text: 'Hike', personalities: ['natureUnleashed', 'sportsCentral'] }, { text: 'Games', personalities: ['gameMode', 'techSavvy'] }] },
  { id: 'q2', text: 'Drink?', options: [{ text: 'Coffee', personalities: ['drinkLab', 'workaholic'] }, { text: 'Tea', personalities: ['drinkLab', 'culinaryCrew'] }] },
];

describe('encodePicks / decodePicks', () => {
  test('round-trip the picks in order', () => {
    const picks = [{ question: 0, option: 1 }, { question: 1, option: 0 }, { question: 1, option: 1 }];
    expect(encodePicks(picks)).toBe('0B1A1B');
    expect(decodePicks('0B1A1B', questions)).toEqual(picks);
  });
  test('refuse strings that do not fit the questions', () => {
    expect(decodePicks('', questions)).toBeNull();
    expect(decodePicks('0', questions)).toBeNull();
    expect(decodePicks('2A', questions)).toBeNull();
    expect(decodePicks('0C', questions)).toBeNull();
    expect(decodePicks('0a', questions)).toBeNull();
  });
});

describe('replayPicks', () => {
  test('reproduces the scores of the session, including points kept from a changed answer', () => {
    let live = startQuiz(2);
    live = selectOption(live, questions, 1);
    live = { ...live, index: 1 };
    live = selectOption(live, questions, 0);
    live = selectOption(live, questions, 1);
    const replayed = replayPicks(questions, [{ question: 0, option: 1 }, { question: 1, option: 0 }, { question: 1, option: 1 }]);
    expect(replayed.scores).toEqual(live.scores);
    expect(replayed.answers).toEqual([1, 1]);
    expect(quizResults(replayed.scores)[0]).toMatchObject({ personality: 'drinkLab', score: 2, label: 'Top Match' });
  });
  test('shows the results unless another question is asked for', () => {
    expect(replayPicks(questions, []).index).toBe(2);
    expect(replayPicks(questions, [], 1).index).toBe(1);
  });
});

describe('answersEveryQuestion', () => {
  test('holds when the last pick of every question leaves it answered', () => {
    expect(answersEveryQuestion(questions, decodePicks('0B1A1B', questions)!)).toBe(true);
  });
  test('fails with a question never answered, or answered and then cleared by picking its option again', () => {
    expect(answersEveryQuestion(questions, decodePicks('0A', questions)!)).toBe(false);
    expect(answersEveryQuestion(questions, decodePicks('0A1A1A', questions)!)).toBe(false);
  });
});
