/**
 * /api/admin/quizzes — an admin creates, updates and deletes gift-finder quizzes (stored, unlike
 * the spec's in-memory quiz manager).
 *
 *   POST   a quiz (QuizCreateInput)                  201 the quiz
 *   PUT    a quiz with its id (QuizUpdateInput)      200 the quiz
 *   DELETE { "id": … } or ?id=…                      200 { "deleted": true }
 *
 * Questions are structured ({ text, options: [{ text, personalities }] }); the admin form turns
 * its text box into them with parseQuizText. A question without an id gets a new one; one with
 * an id keeps it, so links into a quiz survive an edit.
 *
 * 400 { error, field } when the body does not fit src/features/admin/quizzes/schemas.ts or the
 * category does not exist or is not typed for quizzes; 401 'Sign in as an admin'; 403 'Admins
 * only'; 404 'Quiz not found'.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { quizCreateSchema, quizIdSchema, quizUpdateSchema, withQuestionIds } from '../src/features/admin/quizzes/schemas.ts';
import { adminEndpoint, deleteTarget, FieldError, readBody } from './_shared/admin.ts';
import { HttpError } from './_shared/http.ts';
import { serviceDb } from './_shared/supabase.ts';
import { writeFailure, type WriteSubject } from './_shared/write-errors.ts';

const QUIZ_COLUMNS = 'id, title, description, category_id, gender_category, questions, created_at, updated_at';

const QUIZ: WriteSubject = { label: 'Quiz', table: 'quizzes' };

/** The quiz's category must exist and be typed for quizzes (the foreign key still guards a race). */
async function checkQuizCategory(id: string): Promise<void> {
  const { data, error } = await serviceDb().from('categories').select('type').eq('id', id).maybeSingle();
  if (error) throw new Error(`categories.type(${id})`, { cause: error });
  if (!data) throw new FieldError('category_id', `category_id: no category has the id ${id}`);
  if (!data.type.includes('quiz')) throw new FieldError('category_id', `category_id: ${id} is not a quiz category`);
}

export default adminEndpoint('admin-quizzes', {
  async POST(request) {
    const quiz = await readBody(request, quizCreateSchema);
    await checkQuizCategory(quiz.category_id);
    const row = { ...quiz, questions: withQuestionIds(quiz.questions, randomUUID) };
    const { data, error } = await serviceDb().from('quizzes').insert(row).select(QUIZ_COLUMNS).single();
    if (error) throw writeFailure(error, QUIZ);
    return { status: 201, body: data, change: `quiz "${data.title}" created` };
  },
  async PUT(request) {
    const { id, ...quiz } = await readBody(request, quizUpdateSchema);
    await checkQuizCategory(quiz.category_id);
    const row = { ...quiz, questions: withQuestionIds(quiz.questions, randomUUID) };
    const { data, error } = await serviceDb().from('quizzes').update(row).eq('id', id).select(QUIZ_COLUMNS).maybeSingle();
    if (error) throw writeFailure(error, QUIZ);
    if (!data) throw new HttpError(404, 'Quiz not found');
    return { status: 200, body: data, change: `quiz "${data.title}" updated` };
  },
  async DELETE(request) {
    const id = await deleteTarget(request, quizIdSchema);
    const { data, error } = await serviceDb().from('quizzes').delete().eq('id', id).select('id, title').maybeSingle();
    if (error) throw writeFailure(error, QUIZ);
    if (!data) throw new HttpError(404, 'Quiz not found');
    return { status: 200, body: { deleted: true }, change: `quiz "${data.title}" deleted` };
  },
});

export const config: Config = { path: '/api/admin/quizzes', method: ['POST', 'PUT', 'DELETE'] };
