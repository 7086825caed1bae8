/**
 * The Quizzes tab's form as rules: the fields, the questions text read with parseQuizText, the
 * problems to show beside each field and what a save sends. The checks are the server's own
 * (quizCreateSchema), so the form and /api/admin/quizzes never disagree. Pure.
 */
import type { z } from 'zod';
import type { Gender } from '../../../lib/audience.ts';
import { optionLetter, PERSONALITIES } from '../../quiz/scoring.ts';
import { formatQuizText, parseQuizText, quizCreateSchema, type ParsedQuizQuestion, type QuizCreateInput, type QuizUpdateInput } from './schemas.ts';

export interface QuizForm {
  title: string;
  /** '' until one is chosen. */
  categoryId: string;
  description: string;
  gender: Gender;
  /** One question per block, blocks separated by a blank line (see parseQuizText). */
  questionsText: string;
}

export interface StoredQuizQuestion {
  id: string;
  text: string;
  options: { text: string; personalities: string[] }[];
}

export interface StoredQuiz {
  id: string;
  title: string;
  description: string;
  category_id: string | null;
  gender_category: Gender;
  questions: StoredQuizQuestion[];
  updated_at: string;
}

export const EMPTY_QUIZ_FORM: QuizForm = { title: '', categoryId: '', description: '', gender: 'for_both', questionsText: '' };

export function formFromQuiz(quiz: StoredQuiz): QuizForm {
  return {
    title: quiz.title,
    categoryId: quiz.category_id ?? '',
    description: quiz.description,
    gender: quiz.gender_category,
    questionsText: formatQuizText(quiz.questions),
  };
}

/**
 * The stored ids the edited questions keep, so links into a quiz (saved progress, shared results)
 * survive an edit: first a question with the same text, then the one in the same place.
 */
export function keptQuestionIds(questions: readonly ParsedQuizQuestion[], stored: readonly StoredQuizQuestion[]): (string | undefined)[] {
  const used = new Set<string>();
  const take = (id: string) => (used.add(id), id);
  const byText = questions.map((q) => {
    const same = stored.find((s) => s.text === q.text && !used.has(s.id));
    return same ? take(same.id) : undefined;
  });
  return byText.map((id, i) => {
    if (id !== undefined) return id;
    const inPlace = stored[i];
    return inPlace && !used.has(inPlace.id) ? take(inPlace.id) : undefined;
  });
}

export type QuizField = 'title' | 'category' | 'description' | 'questions';

export interface QuizFormCheck {
  /** What to send, or null while a field has a problem. */
  body: QuizCreateInput | QuizUpdateInput | null;
  /** The first problem of each field (spec: title, category, description and questions are required). */
  problems: Partial<Record<QuizField, string>>;
  /** Every problem found in the questions text, each saying which question and option. */
  questionProblems: string[];
}

const FIELDS: Record<string, QuizField> = { title: 'title', description: 'description', category_id: 'category', questions: 'questions' };

/** Where in the questions text an issue is: 'Question 2, option C: '. */
function questionPlace(path: readonly PropertyKey[]): string {
  const [, question, part, option] = path;
  if (typeof question !== 'number') return '';
  const where = part === 'options' && typeof option === 'number' ? `Question ${question + 1}, option ${optionLetter(option)}` : `Question ${question + 1}`;
  return `${where}: `;
}

/** Checks the form as the server will and builds the body of a save. */
export function checkQuizForm(form: QuizForm, stored: StoredQuiz | null): QuizFormCheck {
  const parsed = parseQuizText(form.questionsText);
  const ids = keptQuestionIds(parsed, stored?.questions ?? []);
  const fields = {
    title: form.title,
    description: form.description,
    category_id: form.categoryId,
    gender_category: form.gender,
    questions: parsed.map((q, i) => {
      const id = ids[i];
      return id === undefined ? q : { id, ...q };
    }),
  };
  const result = quizCreateSchema.safeParse(fields);
  if (result.success) {
    // The parsed quiz: trimmed as the server will store it, personality keys checked.
    const quiz: QuizCreateInput = result.data;
    return { body: stored ? { id: stored.id, ...quiz } : quiz, problems: {}, questionProblems: [] };
  }
  return { body: null, ...problemsOf(result.error) };
}

function problemsOf(error: z.ZodError): Pick<QuizFormCheck, 'problems' | 'questionProblems'> {
  const problems: QuizFormCheck['problems'] = {};
  const questionProblems: string[] = [];
  for (const issue of error.issues) {
    const field = FIELDS[String(issue.path[0] ?? '')];
    if (!field) continue;
    const message = field === 'questions' ? `${questionPlace(issue.path)}${issue.message}` : issue.message;
    problems[field] ??= message;
    if (field === 'questions') questionProblems.push(message);
  }
  return { problems, questionProblems };
}

export interface PreviewQuestion {
  number: number;
  text: string;
  options: { letter: string; text: string; personalities: { key: string; known: boolean }[] }[];
}

const KNOWN_PERSONALITIES: ReadonlySet<string> = new Set(PERSONALITIES);

/** The questions as the quiz page letters them (A to H), each personality key marked known or not. */
export function previewQuestions(questions: readonly ParsedQuizQuestion[]): PreviewQuestion[] {
  return questions.map((q, i) => ({
    number: i + 1,
    text: q.text,
    options: q.options.map((o, j) => ({
      letter: optionLetter(j),
      text: o.text,
      personalities: o.personalities.map((key) => ({ key, known: KNOWN_PERSONALITIES.has(key) })),
    })),
  }));
}

/** The public quiz page's shape (spec: 12 questions, 8 options each). */
const QUIZ_QUESTIONS = 12;
const QUIZ_OPTIONS = 8;

/** A note when the quiz differs from the page's usual 12 questions of 8 options (allowed, but worth knowing). */
export function quizShapeNote(questions: readonly ParsedQuizQuestion[]): string | null {
  const short = questions.filter((q) => q.options.length !== QUIZ_OPTIONS).length;
  if (questions.length === QUIZ_QUESTIONS && short === 0) return null;
  const count = `${questions.length} question${questions.length === 1 ? '' : 's'}`;
  const options = short > 0 ? `, ${short} without ${QUIZ_OPTIONS} options` : '';
  return `The gift-finder quiz usually has ${QUIZ_QUESTIONS} questions of ${QUIZ_OPTIONS} options; this one has ${count}${options}.`;
}
