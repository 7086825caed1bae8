/**
 * The Quizzes tab: the saved gift-finder quizzes, and above them the form that adds or edits one
 * (QuizEditor). Saves go through /api/admin/quizzes (unlike the spec's in-memory manager, nothing
 * is lost); the public quiz pages show the change after the rebuild the save starts.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useConfirm } from '../../../components/ui/ConfirmDialog.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { adminWrite, failureReason } from '../api.ts';
import { choosableCategories } from '../categories/choosable.ts';
import { allCategories } from '../categories/queries.ts';
import { ReadState } from '../ReadState.tsx';
import type { StoredQuiz } from './form.ts';
import { adminQuizzes } from './queries.ts';
import { QuizEditor } from './QuizEditor.tsx';
import { QuizTable } from './QuizTable.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; quiz: StoredQuiz };

/** What the list says while it is not a table. */
const LIST_TEXTS = {
  loading: 'Loading quizzes...',
  error: 'The quizzes could not be loaded. Please refresh the page.',
  empty: 'No quizzes yet. Add one to show it on the quiz pages.',
};

export default function QuizzesPanel() {
  // The list stays (dimmed) while it reloads after a save or a delete.
  const quizzes = useLoad('quizzes', async () => adminQuizzes(await authClient()), { keepPrevious: true });
  const categories = useLoad('categories', async () => allCategories(await authClient()));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const confirm = useConfirm();

  const categoryList = categories.state.status === 'ready' ? categories.state.data : [];
  const categoryName = (id: string | null) => categoryList.find((c) => c.id === id)?.name ?? '—';
  const edited = editing?.kind === 'edit' ? editing.quiz : null;

  async function remove(quiz: StoredQuiz) {
    if (!(await confirm.ask({ message: 'Are you sure you want to delete this quiz?', detail: 'This cannot be undone.', confirmLabel: 'Delete' }))) return;
    setDeleting(quiz.id);
    try {
      await adminWrite('quizzes', 'DELETE', { id: quiz.id });
      showToast('Quiz deleted successfully', 'success');
      if (edited?.id === quiz.id) setEditing(null);
      quizzes.retry();
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
          <p className="text-sm text-muted">
            Each quiz page shows the most recently saved quiz for its audience, else the most recently saved for both, else
            the most recently saved of all; a save reaches it when the site has rebuilt, about a minute later.
          </p>
        </div>
        {editing === null && <Button onClick={() => setEditing({ kind: 'new' })}>Add Quiz</Button>}
      </div>

      {editing && (
        <QuizEditor
          key={edited?.id ?? 'new'}
          quiz={edited}
          categories={choosableCategories(categoryList, 'quiz', edited?.category_id ? [edited.category_id] : [])}
          onDone={() => {
            setEditing(null);
            quizzes.retry();
          }}
          onCancel={() => setEditing(null)}
        />
      )}

      <ReadState state={quizzes.state} {...LIST_TEXTS} onRetry={quizzes.retry} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <QuizTable
            quizzes={list}
            refreshing={quizzes.refreshing}
            categoryName={categoryName}
            deleting={deleting}
            onEdit={(quiz) => setEditing({ kind: 'edit', quiz })}
            onDelete={(quiz) => void remove(quiz)}
          />
        )}
      </ReadState>
      {confirm.element}
    </section>
  );
}
