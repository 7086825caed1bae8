/**
 * The gift-finder quiz: answering, moving between questions, scoring and results.
 *
 * `index` runs from 0 to the number of questions; the value equal to the number of questions
 * means the results are showing.
 */

/** The twenty gift personalities (spec), each mapped to one category. */
export const PERSONALITIES = [
  'dontNeedAnything', 'buildersFixers', 'personalFitness', 'musicRoom', 'newParents',
  'techSavvy', 'craftsPottery', 'culinaryCrew', 'natureUnleashed', 'gameMode',
  'drinkLab', 'artistDesigners', 'togetherWherever', 'lightsCameraAction', 'workaholic',
  'sportsCentral', 'storytellerCorner', 'worldExplorer', 'animeFans', 'beautySkinHair',
] as const;
export type Personality = (typeof PERSONALITIES)[number];

/** The personality whose category stands in when a mapping is missing (spec). */
export const DEFAULT_PERSONALITY: Personality = 'dontNeedAnything';

/** Result labels, best first (spec: 'Top Match', 'Good Match', 'Match'). */
export const MATCH_LABELS = ['Top Match', 'Good Match', 'Match'] as const;

/** The four visual layouts the questions rotate through (spec). */
export const QUIZ_LAYOUTS = ['grid', 'list', 'cards', 'columns'] as const;
export type QuizLayout = (typeof QUIZ_LAYOUTS)[number];

export interface QuizOption {
  text: string;
  personalities: readonly string[];
}

export interface QuizQuestion {
  id: string;
  text: string;
  options: readonly QuizOption[];
}

export type Scores = Record<Personality, number>;

export interface QuizState {
  index: number;
  answers: (number | null)[];
  scores: Scores;
}

/** Start or Retake (spec: Retake resets index, answers and scores). */
export function startQuiz(questionCount: number): QuizState {
  return {
    index: 0,
    answers: Array.from({ length: questionCount }, () => null),
    scores: Object.fromEntries(PERSONALITIES.map((p) => [p, 0])) as Scores,
  };
}

/** Selecting an option (spec: replaces the prior choice, the same option again deselects, each selection adds a point per personality). */
// Scores are not subtracted when an answer changes or is deselected: observed behaviour the spec keeps.
export function selectOption(state: QuizState, questions: readonly QuizQuestion[], optionIndex: number): QuizState {
  const option = questions[state.index]?.options[optionIndex];
  if (!option) return state;
  const answers = [...state.answers];
  if (answers[state.index] === optionIndex) {
    answers[state.index] = null;
    return { ...state, answers };
  }
  answers[state.index] = optionIndex;
  return { ...state, answers, scores: addPoints(state.scores, option) };
}

/** Next enabled (spec: only once an option is selected on the current question). */
export function canGoNext(state: QuizState): boolean {
  return isAnswering(state) && state.answers[state.index] != null;
}

/** Previous enabled (spec: disabled on the first question). */
export function canGoPrevious(state: QuizState): boolean {
  return isAnswering(state) && state.index > 0;
}

/** Next button text (spec: 'See Results' on the last question). */
export function nextLabel(state: QuizState): 'Next' | 'See Results' {
  return state.index === state.answers.length - 1 ? 'See Results' : 'Next';
}

/** Next (spec: moves on, and on the last question shows the results). */
export function goNext(state: QuizState): QuizState {
  return canGoNext(state) ? { ...state, index: state.index + 1 } : state;
}

/** Previous: back one question. */
export function goPrevious(state: QuizState): QuizState {
  return canGoPrevious(state) ? { ...state, index: state.index - 1 } : state;
}

/** Whether the results are showing. */
export function showsResults(state: QuizState): boolean {
  return state.answers.length > 0 && state.index >= state.answers.length;
}

export interface QuizResult {
  personality: Personality;
  score: number;
  label: (typeof MATCH_LABELS)[number];
}

/** Results (spec: the top 3 personalities with a score above 0, labelled 'Top Match', 'Good Match', 'Match'); ties keep the list order. */
export function quizResults(scores: Scores): QuizResult[] {
  return PERSONALITIES.filter((p) => scores[p] > 0)
    .sort((a, b) => scores[b] - scores[a])
    .slice(0, MATCH_LABELS.length)
    .map((personality, i) => ({ personality, score: scores[personality], label: MATCH_LABELS[i] ?? 'Match' }));
}

/** Personality → category id (spec: the default, dontNeedAnything's, when a mapping is missing). */
export function categoryFor(personality: Personality, categories: Partial<Record<Personality, string>>): string | null {
  return categories[personality] ?? categories[DEFAULT_PERSONALITY] ?? null;
}

/** Visual layout of question i (spec: four layouts in rotation). */
export function layoutFor(questionIndex: number): QuizLayout {
  return QUIZ_LAYOUTS[questionIndex % QUIZ_LAYOUTS.length] ?? 'grid';
}

/** Option letter (spec: options lettered A to H). */
export function optionLetter(optionIndex: number): string {
  return String.fromCharCode(65 + optionIndex);
}

function addPoints(scores: Scores, option: QuizOption): Scores {
  const next = { ...scores };
  for (const p of new Set(option.personalities)) if (isPersonality(p)) next[p] += 1;
  return next;
}

function isPersonality(value: string): value is Personality {
  return (PERSONALITIES as readonly string[]).includes(value);
}

function isAnswering(state: QuizState): boolean {
  return state.index < state.answers.length;
}
