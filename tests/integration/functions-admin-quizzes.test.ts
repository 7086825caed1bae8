/**
 * POST, PUT and DELETE /api/admin/quizzes as the demo admin: a quiz written in the form's text
 * format (parsed with parseQuizText) is stored with generated question ids, updated keeping them,
 * and deleted, each success asking for one rebuild; bad bodies are 400s naming the field, with the
 * catalogue unchanged and no rebuild.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import adminQuizzes from '../../functions/admin-quizzes.ts';
import { parseQuizText } from '../../src/features/admin/quizzes/schemas.ts';
import { openAdminHarness, type AdminHarness, type CallOptions, type Method } from '../support/admin-functions.ts';

const PATH = '/api/admin/quizzes';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const QUESTIONS_TEXT = `How do they spend a Saturday?
  On a trail [natureUnleashed, personalFitness]
  Gaming online [gameMode, techSavvy]
  Reading

What do they collect?
Vinyl records [musicRoom]
Figures from their favourite series [animeFans, gameMode]`;

let h: AdminHarness;
let quizCategory: string;
let blogOnlyCategory: string;

beforeAll(async () => {
  h = await openAdminHarness();
  [quizCategory = ''] = await h.ids(`select id from public.categories where personality = 'gameMode'`);
  [blogOnlyCategory = ''] = await h.ids(`select id from public.categories where name = 'Travel Essentials'`);
});

afterAll(async () => {
  await h?.close();
});

const call = (method: Method, options?: CallOptions) => h.call(adminQuizzes, PATH, method, options);

async function succeeds(method: Method, options: CallOptions, status: number) {
  const hooks = h.hook.calls();
  const answer = await call(method, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(h.hook.calls()).toBe(hooks + 1);
  return answer;
}

const quiz = (overrides: Record<string, unknown> = {}) => ({
  title: 'Weekend Quiz',
  description: 'Two questions about their weekends.',
  category_id: quizCategory,
  gender_category: 'for_him',
  questions: parseQuizText(QUESTIONS_TEXT),
  ...overrides,
});

interface StoredQuestion {
  id: string;
  text: string;
  options: { text: string; personalities: string[] }[];
}

describe('an admin', () => {
  test('creates a quiz from the form text: 201, each question with a new id', async () => {
    const answer = await succeeds('POST', { body: quiz() }, 201);
    expect(answer.body).toMatchObject({ title: 'Weekend Quiz', category_id: quizCategory, gender_category: 'for_him' });
    const questions = answer.body.questions as StoredQuestion[];
    expect(questions.map((q) => q.id)).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(questions.map(({ id: _id, ...q }) => q)).toEqual([
      {
        text: 'How do they spend a Saturday?',
        options: [
          { text: 'On a trail', personalities: ['natureUnleashed', 'personalFitness'] },
          { text: 'Gaming online', personalities: ['gameMode', 'techSavvy'] },
          { text: 'Reading', personalities: [] },
        ],
      },
      {
        text: 'What do they collect?',
        options: [
          { text: 'Vinyl records', personalities: ['musicRoom'] },
          { text: 'Figures from their favourite series', personalities: ['animeFans', 'gameMode'] },
        ],
      },
    ]);
    const stored = await h.shop.anon.from('quizzes').select('title').eq('id', String(answer.body.id)).single();
    expect(stored.data).toEqual({ title: 'Weekend Quiz' });
  });

  test('updates a quiz: 200; questions sent with their ids keep them, new ones get one', async () => {
    const created = await succeeds('POST', { body: quiz({ title: 'Draft Quiz' }) }, 201);
    const [kept] = created.body.questions as StoredQuestion[];
    const answer = await succeeds('PUT', {
      body: quiz({
        id: created.body.id,
        title: 'Final Quiz',
        questions: [kept, { text: 'Tea or coffee?', options: [{ text: 'Tea', personalities: ['drinkLab'] }, { text: 'Coffee', personalities: ['workaholic'] }] }],
      }),
    }, 200);
    const questions = answer.body.questions as StoredQuestion[];
    expect(answer.body.title).toBe('Final Quiz');
    expect(questions[0]).toEqual(kept);
    expect(questions[1]?.id).toMatch(UUID);
    expect(questions[1]?.id).not.toBe(kept?.id);
  });

  test('deletes a quiz: 200 { deleted: true }', async () => {
    const created = await succeeds('POST', { body: quiz({ title: 'Doomed Quiz' }) }, 201);
    expect((await succeeds('DELETE', { query: `?id=${created.body.id}` }, 200)).body).toEqual({ deleted: true });
    expect(await h.ids('select id from public.quizzes where id = $1', [created.body.id])).toEqual([]);
  });
});

describe('refused writes change nothing and ask for no rebuild', () => {
  let existing: string;
  beforeAll(async () => {
    [existing = ''] = await h.ids('select id from public.quizzes limit 1');
  });

  const twoOptions = [{ text: 'Yes' }, { text: 'No' }];

  const CASES: { name: string; method?: Method; body?: unknown; status?: number; error: string; field?: string }[] = [
    { name: 'malformed JSON', body: '[{', error: 'Request body is not valid JSON' },
    { name: 'a missing title', body: { title: undefined }, error: 'Title is required', field: 'title' },
    { name: 'a missing description', body: { description: undefined }, error: 'Description is required', field: 'description' },
    { name: 'a missing category', body: { category_id: undefined }, error: 'Category is required', field: 'category_id' },
    { name: 'an unknown category', body: { category_id: MISSING_ID }, error: `category_id: no category has the id ${MISSING_ID}`, field: 'category_id' },
    { name: 'a category not typed for quizzes', body: () => ({ category_id: blogOnlyCategory }), error: 'is not a quiz category', field: 'category_id' },
    { name: 'missing questions', body: { questions: undefined }, error: 'Questions are required', field: 'questions' },
    { name: 'no questions', body: { questions: [] }, error: 'Questions are required', field: 'questions' },
    { name: 'questions as text', body: { questions: QUESTIONS_TEXT }, error: 'Questions must be a list', field: 'questions' },
    { name: 'a question without text', body: { questions: [{ text: ' ', options: twoOptions }] }, error: 'Question text is required', field: 'questions.0.text' },
    { name: 'a question with one option', body: { questions: [{ text: 'Really?', options: [{ text: 'Yes' }] }] }, error: 'Each question needs at least 2 options', field: 'questions.0.options' },
    { name: 'a question with nine options', body: { questions: [{ text: 'Pick', options: Array.from({ length: 9 }, (_, i) => ({ text: `Option ${i + 1}` })) }] }, error: 'A question can have at most 8 options (A to H)', field: 'questions.0.options' },
    { name: 'an unknown personality', body: { questions: [{ text: 'Pick', options: [{ text: 'A', personalities: ['cats'] }, { text: 'B' }] }] }, error: 'Unknown personality "cats"', field: 'questions.0.options.0.personalities.0' },
    { name: 'two questions with the same id', body: { questions: [{ id: 'q1', text: 'One', options: twoOptions }, { id: 'q1', text: 'Two', options: twoOptions }] }, error: 'Question ID q1 is used twice', field: 'questions.1.id' },
    { name: 'an update without an id', method: 'PUT', body: { id: undefined }, error: 'No quiz ID provided', field: 'id' },
    { name: 'an update of a quiz that does not exist', method: 'PUT', body: { id: MISSING_ID }, status: 404, error: 'Quiz not found' },
    { name: 'a delete without an id', method: 'DELETE', error: 'No quiz ID provided', field: 'id' },
    { name: 'a delete of a quiz that does not exist', method: 'DELETE', body: { id: MISSING_ID }, status: 404, error: 'Quiz not found' },
  ];

  test.each(CASES)('$name → $error', async ({ method = 'POST', body, status = 400, error, field }) => {
    const base = method === 'PUT' ? { ...quiz(), id: existing } : quiz();
    let sent: unknown = body;
    if (typeof body === 'function') sent = { ...base, ...(body as () => object)() };
    else if (method !== 'DELETE' && body !== undefined && typeof body === 'object') sent = { ...base, ...body };
    const before = await h.catalogue();
    const hooks = h.hook.calls();
    const answer = await call(method, { body: sent });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toContain(error);
    if (field !== undefined) expect(answer.body.field).toBe(field);
    expect(await h.catalogue()).toEqual(before);
    expect(h.hook.calls()).toBe(hooks);
  });
});
