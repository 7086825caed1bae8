/**
 * The form that adds or edits a quiz: its questions typed as text (see parseQuizText) beside a
 * live, lettered preview of what the quiz page will ask. The checks are the server's own
 * (checkQuizForm); their problems show once the admin has tried to save.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { adminWrite, failureReason } from '../api.ts';
import type { AdminCategory } from '../categories/queries.ts';
import { checkQuizForm, EMPTY_QUIZ_FORM, formFromQuiz, type QuizField, type QuizForm, type StoredQuiz } from './form.ts';
import { QuizPreview } from './QuizPreview.tsx';
import { parseQuizText } from './schemas.ts';

const QUESTIONS_HINT = 'One question per block, blocks separated by a blank line. The first line is the question, each further line an option. End an option with [personalityKey, personalityKey] to say which gift personalities it scores.';
const QUESTIONS_EXAMPLE = 'How do they spend a free Saturday?\nOut on a trail [natureUnleashed, personalFitness]\nAt the gym [personalFitness, sportsCentral]';

export function QuizEditor({ quiz, categories, onDone, onCancel }: {
  quiz: StoredQuiz | null;
  categories: readonly AdminCategory[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<QuizForm>(() => (quiz ? formFromQuiz(quiz) : EMPTY_QUIZ_FORM));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const p = useId();

  const check = useMemo(() => checkQuizForm(form, quiz), [form, quiz]);
  const questions = useMemo(() => parseQuizText(form.questionsText), [form.questionsText]);
  const problem = (field: QuizField) => (submitted ? check.problems[field] : undefined);
  const field = (name: QuizField) => ({ id: `${p}-${name}`, error: problem(name) });
  const set = <K extends keyof QuizForm>(key: K, value: QuizForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    setSubmitted(true);
    if (!check.body) {
      // The problems show on the next render; then the first one takes the focus.
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
      <h3 id={`${p}-heading`} className="text-lg font-bold text-ink">{quiz ? `Edit Quiz: ${quiz.title}` : 'Add Quiz'}</h3>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <Field {...field('title')} label="Title">
            <Input required value={form.title} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field {...field('category')} label="Category">
              <Select required value={form.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
                <option value="">Choose a category</option>
                {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </Select>
            </Field>
            <Field id={`${p}-gender`} label="Target Audience">
              <Select value={form.gender} onChange={(e) => set('gender', e.target.value as Gender)}>
                {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
              </Select>
            </Field>
          </div>
          <Field {...field('description')} label="Description">
            <Textarea required rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} />
          </Field>
          <Field {...field('questions')} label="Questions">
            {/* The hint stays above the box and stays with a problem: it says how to fix one. */}
            <p id={`${p}-questions-hint`} className="mb-2 text-xs text-muted">{QUESTIONS_HINT}</p>
            <Textarea
              required
              rows={16}
              value={form.questionsText}
              onChange={(e) => set('questionsText', e.target.value)}
              placeholder={QUESTIONS_EXAMPLE}
              className="font-mono text-xs leading-relaxed"
              aria-describedby={cn(`${p}-questions-hint`, problem('questions') && `${p}-questions-problem`)}
            />
          </Field>
        </div>

        <QuizPreview questions={questions} problems={check.questionProblems} />
      </div>
      <div className="mt-5 flex justify-end gap-3 border-t border-black/10 pt-4">
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={saving}>{saving ? 'Saving...' : quiz ? 'Update Quiz' : 'Add Quiz'}</Button>
      </div>
    </form>
  );
}
