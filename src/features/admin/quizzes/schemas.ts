/**
 * What the Quizzes room may write: the bodies of /api/admin/quizzes as zod schemas, shared by the
 * function and the quiz form, and the quiz form's questions text (document 2, section 5).
 */
import { z } from 'zod';
import { PERSONALITIES } from '../../quiz/scoring.ts';
import { gender, id, objectError, requiredText, unique } from '../fields.ts';

/** A quiz question's options are lettered A to H on the quiz page. */
export const QUIZ_OPTIONS_MAX = 8;

const personality = z.enum(PERSONALITIES, {
  error: (iss) => `Unknown personality ${JSON.stringify(iss.input)}: use one of the 20 gift personalities`,
});

export const quizOptionSchema = z.strictObject(
  {
    // The form reads a line's closing '[key, key]' as its personalities: a bracket left in the
    // text is one that did not close ('B [drinkLab'), and shoppers would see it.
    text: requiredText('Option text', 200).refine((text) => !/[[\]]/.test(text), 'Option text cannot hold "[" or "]": end the line with its personalities as [key, key]'),
    personalities: z.array(personality, { error: 'Option personalities must be a list' }).default([]).transform(unique),
  },
  objectError('Each option must be an object with a text', 'Unknown option field'),
);

export const quizQuestionSchema = z.strictObject(
  {
    id: z.string({ error: 'Question ID must be text' }).trim().min(1, 'Question ID must not be empty').max(100, 'Question ID must be at most 100 characters').optional(),
    text: requiredText('Question text', 500),
    options: z
      .array(quizOptionSchema, { error: 'Each question needs a list of options' })
      .min(2, 'Each question needs at least 2 options')
      .max(QUIZ_OPTIONS_MAX, `A question can have at most ${QUIZ_OPTIONS_MAX} options (A to H)`),
  },
  objectError('Each question must be an object with a text and options', 'Unknown question field'),
);

const quizQuestions = z
  .array(quizQuestionSchema, { error: (iss) => (iss.input === undefined || iss.input === null ? 'Questions are required' : 'Questions must be a list') })
  .min(1, 'Questions are required')
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, i) => {
      if (q.id === undefined) return;
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Question ID ${q.id} is used twice` });
      seen.add(q.id);
    });
  });

const quizFields = {
  title: requiredText('Title', 200),
  description: requiredText('Description', 2000),
  category_id: id('Category', 'Category is required'),
  gender_category: gender.optional(),
  questions: quizQuestions,
};

export const quizIdSchema = id('Quiz ID', 'No quiz ID provided');
export const quizCreateSchema = z.strictObject(quizFields, objectError('The quiz must be a JSON object'));
export const quizUpdateSchema = z.strictObject({ id: quizIdSchema, ...quizFields }, objectError('The quiz must be a JSON object'));

export type QuizOptionInput = z.input<typeof quizOptionSchema>;
export type QuizQuestionInput = z.input<typeof quizQuestionSchema>;
export type QuizCreateInput = z.input<typeof quizCreateSchema>;
export type QuizCreate = z.infer<typeof quizCreateSchema>;
export type QuizUpdateInput = z.input<typeof quizUpdateSchema>;
export type QuizUpdate = z.infer<typeof quizUpdateSchema>;
export type QuizQuestionWrite = QuizCreate['questions'][number];

/** Questions as stored: every question keeps its id or gets a new one from `newId`. */
export function withQuestionIds(questions: readonly QuizQuestionWrite[], newId: () => string) {
  return questions.map((q) => ({ id: q.id ?? newId(), text: q.text, options: q.options }));
}

export interface ParsedQuizQuestion {
  text: string;
  options: { text: string; personalities: string[] }[];
}

const PERSONALITY_SUFFIX = /^(.*?)\s*\[([^\]]*)\]$/;

/**
 * The quiz form's questions text (spec): one question per block, blocks separated by a blank line;
 * the first line is the question and the other lines its options, trimmed, empty lines dropped.
 * An option line may end in '[key, key]' naming the personalities it scores. Checking the keys
 * is the schema's job, so unknown ones come back as written.
 */
export function parseQuizText(text: string): ParsedQuizQuestion[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter((line) => line !== ''))
    .filter((lines) => lines.length > 0)
    .map(([question, ...options]) => ({
      text: question ?? '',
      options: options.map((line) => {
        const tagged = PERSONALITY_SUFFIX.exec(line);
        if (!tagged) return { text: line, personalities: [] };
        const keys = (tagged[2] ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
        return { text: tagged[1] ?? '', personalities: keys };
      }),
    }));
}

/** The questions back as the form's text, so a stored quiz can be edited in the same box. */
export function formatQuizText(questions: readonly { text: string; options: readonly { text: string; personalities: readonly string[] }[] }[]): string {
  return questions
    .map((q) => [q.text, ...q.options.map((o) => (o.personalities.length ? `${o.text} [${o.personalities.join(', ')}]` : o.text))].join('\n'))
    .join('\n\n');
}
