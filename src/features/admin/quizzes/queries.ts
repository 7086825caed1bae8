/**
 * The Quizzes room's read through supabase-js: every saved quiz (quizzes are public). The call
 * checks `error` and throws with the query's name and the cause. Writes go through ../api.ts.
 */
import { allRows } from '../../../lib/all-rows.ts';
import type { Json } from '../../../lib/database.types.ts';
import type { Db } from '../../../lib/supabase.ts';
import type { StoredQuiz, StoredQuizQuestion } from './form.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored questions, as the table's check constraint guarantees them; anything else is dropped. */
function toQuestions(json: Json): StoredQuizQuestion[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((q) => {
    if (!isRecord(q) || typeof q.id !== 'string' || typeof q.text !== 'string' || !Array.isArray(q.options)) return [];
    const options = q.options.flatMap((o) =>
      isRecord(o) && typeof o.text === 'string'
        ? [{ text: o.text, personalities: Array.isArray(o.personalities) ? o.personalities.filter((p): p is string => typeof p === 'string') : [] }]
        : [],
    );
    return [{ id: q.id, text: q.text, options }];
  });
}

/** Every saved quiz, most recently changed first. */
export async function adminQuizzes(db: Db): Promise<StoredQuiz[]> {
  const data = await allRows('admin.adminQuizzes', (from, to) =>
    db
      .from('quizzes')
      .select('id, title, description, category_id, gender_category, questions, updated_at')
      .order('updated_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
  return data.map((q) => ({ ...q, questions: toQuestions(q.questions) }));
}
