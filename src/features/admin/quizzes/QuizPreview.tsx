/**
 * The quiz editor's live preview: the questions lettered as the quiz page asks them, each option's
 * personalities (unknown keys in red), and the problems the questions text has.
 */
import { useId } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { previewQuestions, quizShapeNote } from './form.ts';
import type { ParsedQuizQuestion } from './schemas.ts';

export function QuizPreview({ questions, problems }: { questions: readonly ParsedQuizQuestion[]; problems: readonly string[] }) {
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
                    {o.personalities.map(({ key, known }) => (
                      <span key={key} className={cn('rounded-full px-2 text-xs', known ? 'bg-brand-50 text-brand-700' : 'bg-red-100 text-red-800')}>
                        {key}
                        {!known && ' (unknown)'}
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
