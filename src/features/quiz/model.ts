/** The gift-finder quiz as stored and as the quiz pages use it. */
import { z } from 'astro/zod';
import type { Tables } from '../../lib/database.types.ts';
import { genderSchema } from '../catalog/core/model.ts';

export const quizOptionSchema = z.object({ text: z.string(), personalities: z.array(z.string()) });
export const quizQuestionSchema = z.object({ id: z.string(), text: z.string(), options: z.array(quizOptionSchema) });

export const quizSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: z.string().nullable(),
  gender: genderSchema,
  questions: z.array(quizQuestionSchema),
  updatedAt: z.string(),
});
export type Quiz = z.infer<typeof quizSchema>;

export const QUIZ_COLUMNS = 'id, title, description, category_id, gender_category, questions, updated_at';

export function toQuiz(row: Pick<Tables<'quizzes'>, 'id' | 'title' | 'description' | 'category_id' | 'gender_category' | 'questions' | 'updated_at'>): Quiz {
  const questions = z.array(quizQuestionSchema).safeParse(row.questions);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    categoryId: row.category_id,
    gender: row.gender_category,
    questions: questions.success ? questions.data : [],
    updatedAt: row.updated_at,
  };
}
