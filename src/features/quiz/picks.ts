/**
 * The quiz's selections in the order they were made, for resuming after a reload and for a
 * shareable results link. Replaying them through selectOption reproduces the scores exactly —
 * including points kept from answers that were changed (the spec keeps scores from being
 * subtracted), which replaying only the final answers would lose.
 *
 * Encoding: two characters per pick, the question index in base 36 and the option letter:
 * '0A1C1D' = question 1 option A, question 2 option C, then question 2 option D.
 */
import { optionLetter, selectOption, startQuiz, type QuizQuestion, type QuizState } from './scoring.ts';

export interface Pick {
  question: number;
  option: number;
}

/** Picks as a compact URL-safe string. */
export function encodePicks(picks: readonly Pick[]): string {
  return picks.map((p) => p.question.toString(36) + optionLetter(p.option)).join('');
}

/** Picks from their string, checked against the questions; null for anything that does not fit. */
export function decodePicks(text: string | null | undefined, questions: readonly QuizQuestion[]): Pick[] | null {
  if (!text || !/^(?:[0-9a-z][A-Z])+$/.test(text)) return null;
  const picks: Pick[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const question = Number.parseInt(text[i] ?? '', 36);
    const option = (text.charCodeAt(i + 1) || 0) - 65;
    if (!Number.isInteger(question) || !questions[question]?.options[option]) return null;
    picks.push({ question, option });
  }
  return picks;
}

/**
 * Whether the picks end with every question answered, as a finished quiz's do: only such picks
 * make a shared results link (the results show once the last question is answered).
 */
export function answersEveryQuestion(questions: readonly QuizQuestion[], picks: readonly Pick[]): boolean {
  return replayPicks(questions, picks).answers.every((answer) => answer !== null);
}

/** The quiz state after replaying the picks, showing `index` (default: the results). */
export function replayPicks(questions: readonly QuizQuestion[], picks: readonly Pick[], index = questions.length): QuizState {
  let state = startQuiz(questions.length);
  for (const pick of picks) state = selectOption({ ...state, index: pick.question }, questions, pick.option);
  return { ...state, index: Math.max(0, Math.min(index, questions.length)) };
}
