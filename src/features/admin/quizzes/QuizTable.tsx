/**
 * The saved quizzes as a table: title and description, category, audience, questions, the quiz
 * pages that show it, last change, Edit and Delete.
 */
import { GENDER_LABELS } from '../../../lib/audience.ts';
import { shortDate } from '../../blog/core/dates.ts';
import { quizPagesShowing } from '../../quiz/choose.ts';
import { AdminTable, RowActions, type Column } from '../AdminTable.tsx';
import type { StoredQuiz } from './form.ts';

const COLUMNS: readonly Column[] = [
  { label: 'Title' },
  { label: 'Category' },
  { label: 'Target Audience' },
  { label: 'Questions' },
  { label: 'Shown on' },
  { label: 'Updated' },
  { label: 'Actions', align: 'right' },
];

export function QuizTable({ quizzes, refreshing, categoryName, deleting, onEdit, onDelete }: {
  quizzes: readonly StoredQuiz[];
  /** The list is reloading after a change: the table is dimmed. */
  refreshing: boolean;
  categoryName: (id: string | null) => string;
  /** The quiz being deleted, if any. */
  deleting: string | null;
  onEdit: (quiz: StoredQuiz) => void;
  onDelete: (quiz: StoredQuiz) => void;
}) {
  const shownOn = quizPagesShowing(quizzes.map((quiz) => ({ id: quiz.id, gender: quiz.gender_category, updatedAt: quiz.updated_at })));
  return (
    <AdminTable caption="Saved quizzes, most recently changed first" columns={COLUMNS} minWidth="min-w-[44rem]" refreshing={refreshing}>
      {quizzes.map((quiz) => (
        <tr key={quiz.id}>
          <th scope="row" className="px-4 py-3 font-semibold text-ink">
            {quiz.title}
            <span className="block text-xs font-normal text-muted line-clamp-1">{quiz.description}</span>
          </th>
          <td className="px-4 py-3 text-muted">{categoryName(quiz.category_id)}</td>
          <td className="px-4 py-3 text-muted">{GENDER_LABELS[quiz.gender_category]}</td>
          <td className="px-4 py-3 text-muted">{quiz.questions.length}</td>
          <td className="px-4 py-3 text-muted">{shownOn.get(quiz.id)?.map((gender) => GENDER_LABELS[gender]).join(', ') ?? '—'}</td>
          <td className="whitespace-nowrap px-4 py-3 text-muted"><time dateTime={quiz.updated_at}>{shortDate(quiz.updated_at)}</time></td>
          <td className="px-4 py-3">
            <RowActions name={quiz.title} onEdit={() => onEdit(quiz)} onDelete={() => onDelete(quiz)} deleting={deleting === quiz.id} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
