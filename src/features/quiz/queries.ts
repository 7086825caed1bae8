/** Quiz reads through supabase-js; every call checks `error`. */
import type { Db } from '../../lib/supabase.ts';
import { QUIZ_COLUMNS, toQuiz, type Quiz } from './model.ts';

/** Every saved quiz, most recently changed first. */
export async function quizzes(db: Db): Promise<Quiz[]> {
  const { data, error } = await db.from('quizzes').select(QUIZ_COLUMNS).order('updated_at', { ascending: false });
  if (error) throw new Error('quiz.quizzes', { cause: error });
  return data.map(toQuiz);
}
