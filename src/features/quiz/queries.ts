/** Quiz reads through supabase-js; every call checks `error`. */
import { allRows } from '../../lib/all-rows.ts';
import type { Db } from '../../lib/supabase.ts';
import { QUIZ_COLUMNS, toQuiz, type Quiz } from './model.ts';

/** Every saved quiz, most recently changed first, read in pages. */
export async function quizzes(db: Db): Promise<Quiz[]> {
  const rows = await allRows('quiz.quizzes', (from, to) =>
    db.from('quizzes').select(QUIZ_COLUMNS).order('updated_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toQuiz);
}
