/**
 * The Quizzes tab: the saved gift-finder quizzes, and a form to add or edit one with its questions
 * typed as text (see parseQuizText) beside a live, lettered preview of what the quiz page will ask.
 * Saves go through /api/admin/quizzes (unlike the spec's in-memory manager, nothing is lost); the
 * public quiz pages show the change after the rebuild the save starts.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { showToast } from '../../../components/ui/toast.ts';
import { shortDate } from '../../blog/dates.ts';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { PERSONALITIES } from '../../quiz/scoring.ts';
import { adminWrite, failureReason } from '../api.ts';
import { adminQuizzes } from './queries.ts';
import { allCategories, type AdminCategory } from '../categories/queries.ts';
import { choosableCategories } from '../categories/choosable.ts';
import { BUTTON, FieldProblem, INPUT, LABEL, useAdminRead, useConfirm } from '../content-ui.tsx';
import { checkQuizForm, EMPTY_QUIZ_FORM, formFromQuiz, previewQuestions, quizShapeNote, type QuizField, type QuizForm, type StoredQuiz } from './form.ts';
import { parseQuizText } from './schemas.ts';

type Editing = { kind: 'new' } | { kind: 'edit'; quiz: StoredQuiz };

export default function QuizzesPanel() {
  const [quizzes, reload] = useAdminRead(adminQuizzes);
  const [categories] = useAdminRead(allCategories);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const confirm = useConfirm();

  const categoryList = categories.status === 'ready' ? categories.data : [];
  const categoryName = (id: string | null) => categoryList.find((c) => c.id === id)?.name ?? '—';

  async function remove(quiz: StoredQuiz) {
    const ok = await confirm.ask({ message: 'Are you sure you want to delete this quiz?', confirmLabel: 'Delete' });
    if (!ok) return;
    setDeleting(quiz.id);
    try {
      await adminWrite('quizzes', 'DELETE', { id: quiz.id });
      showToast('Quiz deleted successfully', 'success');
      if (editing?.kind === 'edit' && editing.quiz.id === quiz.id) setEditing(null);
      reload();
    } catch (error) {
      showToast(`Failed to delete quiz: ${failureReason(error)}`, 'error');
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="quizzes-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="quizzes-heading" className="text-xl font-bold text-ink">Quizzes</h2>
          <p className="text-sm text-muted">Saved quizzes reach the quiz pages when the site has rebuilt, about a minute after saving.</p>
        </div>
        {editing === null && <button type="button" onClick={() => setEditing({ kind: 'new' })} className={BUTTON.primary}>Add Quiz</button>}
      </div>

      {editing && (
        <QuizEditor
          key={editing.kind === 'edit' ? editing.quiz.id : 'new'}
          quiz={editing.kind === 'edit' ? editing.quiz : null}
          categories={choosableCategories(categoryList, 'quiz', editing.kind === 'edit' && editing.quiz.category_id ? [editing.quiz.category_id] : [])}
          onDone={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}

      {quizzes.status === 'loading' && <p role="status" className="text-muted">Loading quizzes...</p>}
      {quizzes.status === 'error' && <p className="text-muted">The quizzes could not be loaded. Please refresh the page.</p>}
      {quizzes.status === 'ready' && (
        <div className="overflow-x-auto rounded-2xl border border-black/10 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Saved quizzes, most recently changed first</caption>
            <thead className="border-b border-black/10 bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">Title</th>
                <th scope="col" className="px-4 py-3">Category</th>
                <th scope="col" className="px-4 py-3">Target Audience</th>
                <th scope="col" className="px-4 py-3">Questions</th>
                <th scope="col" className="px-4 py-3">Updated</th>
                <th scope="col" className="px-4 py-3 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/5">
              {quizzes.data.length === 0 && (
                <tr><td colSpan={6} className="px-4 py-8 text-center text-muted">No quizzes yet. Add one to show it on the quiz pages.</td></tr>
              )}
              {quizzes.data.map((quiz) => (
                <tr key={quiz.id}>
                  <th scope="row" className="px-4 py-3 font-semibold text-ink">
                    {quiz.title}
                    <span className="block text-xs font-normal text-muted line-clamp-1">{quiz.description}</span>
                  </th>
                  <td className="px-4 py-3 text-muted">{categoryName(quiz.category_id)}</td>
                  <td className="px-4 py-3 text-muted">{GENDER_LABELS[quiz.gender_category]}</td>
                  <td className="px-4 py-3 text-muted">{quiz.questions.length}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted"><time dateTime={quiz.updated_at}>{shortDate(quiz.updated_at)}</time></td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <button type="button" onClick={() => setEditing({ kind: 'edit', quiz })} aria-label={`Edit ${quiz.title}`} className={BUTTON.small}>Edit</button>
                      <button type="button" onClick={() => void remove(quiz)} disabled={deleting === quiz.id} aria-label={`Delete ${quiz.title}`} className={BUTTON.smallDanger}>
                        {deleting === quiz.id ? 'Deleting...' : 'Delete'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirm.element}
    </section>
  );
}

const QUESTIONS_HINT = 'One question per block, blocks separated by a blank line. The first line is the question, each further line an option. End an option with [personalityKey, personalityKey] to say which gift personalities it scores.';

function QuizEditor({ quiz, categories, onDone, onCancel }: { quiz: StoredQuiz | null; categories: AdminCategory[]; onDone: () => void; onCancel: () => void }) {
  const [form, setForm] = useState<QuizForm>(() => (quiz ? formFromQuiz(quiz) : EMPTY_QUIZ_FORM));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const p = useId();

  const check = useMemo(() => checkQuizForm(form, quiz), [form, quiz]);
  const parsed = useMemo(() => parseQuizText(form.questionsText), [form.questionsText]);
  const problem = (field: QuizField) => (submitted ? check.problems[field] : undefined);
  const invalid = (field: QuizField) => (problem(field) ? { 'aria-invalid': true, 'aria-describedby': `${p}-${field}-problem` } : {});
  const set = <K extends keyof QuizForm>(field: K, value: QuizForm[K]) => setForm((f) => ({ ...f, [field]: value }));

  async function submit() {
    setSubmitted(true);
    if (!check.body) {
      root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    try {
      await adminWrite('quizzes', quiz ? 'PUT' : 'POST', check.body);
      showToast(quiz ? 'Quiz updated successfully' : 'Quiz added successfully', 'success');
      onDone();
    } catch (error) {
      showToast(`${quiz ? 'Failed to update quiz' : 'Failed to add quiz'}: ${failureReason(error)}`, 'error');
      setSaving(false);
    }
  }

  const heading = quiz ? `Edit Quiz: ${quiz.title}` : 'Add Quiz';
  return (
    <form
      ref={root}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-labelledby={`${p}-heading`}
      className="rounded-2xl border border-black/10 bg-white p-5 shadow-sm"
    >
      <h3 id={`${p}-heading`} className="text-lg font-bold text-ink">{heading}</h3>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <div>
            <label htmlFor={`${p}-title`} className={LABEL}>Title</label>
            <input id={`${p}-title`} value={form.title} onChange={(e) => set('title', e.target.value)} required className={INPUT} {...invalid('title')} />
            <FieldProblem id={`${p}-title-problem`} message={problem('title')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${p}-category`} className={LABEL}>Category</label>
              <select id={`${p}-category`} value={form.categoryId} onChange={(e) => set('categoryId', e.target.value)} required className={INPUT} {...invalid('category')}>
                <option value="">Choose a category</option>
                {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
              <FieldProblem id={`${p}-category-problem`} message={problem('category')} />
            </div>
            <div>
              <label htmlFor={`${p}-gender`} className={LABEL}>Target Audience</label>
              <select id={`${p}-gender`} value={form.gender} onChange={(e) => set('gender', e.target.value as Gender)} className={INPUT}>
                {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
              </select>
            </div>
          </div>
          <div>
            <label htmlFor={`${p}-description`} className={LABEL}>Description</label>
            <textarea id={`${p}-description`} rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} required className={INPUT} {...invalid('description')} />
            <FieldProblem id={`${p}-description-problem`} message={problem('description')} />
          </div>
          <div>
            <label htmlFor={`${p}-questions`} className={LABEL}>Questions</label>
            <p id={`${p}-questions-hint`} className="mb-2 text-xs text-muted">{QUESTIONS_HINT}</p>
            <textarea
              id={`${p}-questions`}
              rows={16}
              value={form.questionsText}
              onChange={(e) => set('questionsText', e.target.value)}
              required
              placeholder={'How do they spend a free Saturday?\nOut on a trail [natureUnleashed, personalFitness]\nAt the gym [personalFitness, sportsCentral]'}
              className={`${INPUT} font-mono text-xs leading-relaxed`}
              aria-invalid={problem('questions') ? true : undefined}
              aria-describedby={`${p}-questions-hint${problem('questions') ? ` ${p}-questions-problem` : ''}`}
            />
            <FieldProblem id={`${p}-questions-problem`} message={problem('questions')} />
          </div>
        </div>

        <QuizPreview questions={parsed} problems={check.questionProblems} />
      </div>
      <div className="mt-5 flex justify-end gap-3 border-t border-black/10 pt-4">
        <button type="button" onClick={onCancel} className={BUTTON.secondary}>Cancel</button>
        <button type="submit" disabled={saving} className={BUTTON.primary}>{saving ? 'Saving...' : quiz ? 'Update Quiz' : 'Add Quiz'}</button>
      </div>
    </form>
  );
}

const KNOWN_PERSONALITIES: ReadonlySet<string> = new Set(PERSONALITIES);

function QuizPreview({ questions, problems }: { questions: ReturnType<typeof parseQuizText>; problems: string[] }) {
  const preview = previewQuestions(questions);
  const note = quizShapeNote(questions);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl bg-gray-50 p-4">
      <h4 id={headingId} className="text-sm font-bold uppercase tracking-wide text-muted">Preview</h4>
      <div aria-live="polite" className="mt-2 space-y-2 text-sm">
        {problems.length > 0 && (
          <ul className="list-disc space-y-1 rounded-lg bg-red-50 py-2 pl-8 pr-3 text-red-800 ring-1 ring-red-200">
            {problems.map((problem) => <li key={problem}>{problem}</li>)}
          </ul>
        )}
        {questions.length > 0 && note && <p className="text-muted">{note}</p>}
      </div>
      {preview.length === 0 ? (
        <p className="mt-3 text-sm text-muted">The questions appear here as you type them.</p>
      ) : (
        <ol aria-label="Questions as the quiz page asks them" tabIndex={0} className="mt-3 max-h-[32rem] space-y-4 overflow-y-auto pr-1 focus-visible:outline-2 focus-visible:outline-brand-600">
          {preview.map((q) => (
            <li key={q.number}>
              <p className="font-semibold text-ink">{q.number}. {q.text}</p>
              <ul className="mt-1 space-y-1">
                {q.options.map((o) => (
                  <li key={o.letter} className="flex flex-wrap items-baseline gap-x-2 text-sm text-ink">
                    <span className="inline-grid size-6 shrink-0 place-items-center rounded-full bg-white text-xs font-bold text-brand-700 ring-1 ring-black/10">{o.letter}</span>
                    <span>{o.text}</span>
                    {o.personalities.map((key) => (
                      <span key={key} className={`rounded-full px-2 text-xs ${KNOWN_PERSONALITIES.has(key) ? 'bg-brand-50 text-brand-700' : 'bg-red-100 text-red-800'}`}>
                        {key}
                        {!KNOWN_PERSONALITIES.has(key) && ' (unknown)'}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
