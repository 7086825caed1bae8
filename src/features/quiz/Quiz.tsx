/**
 * The gift-finder quiz island: 12 questions of 8 lettered options in four rotating layouts,
 * Previous / Next ('See Results' on the last), results with Top Match / Good Match / Match linking
 * to category pages, Browse Gifts and Retake Quiz (rules in scoring.ts).
 *
 * Beyond the spec: progress survives a reload (local storage), and the results page has a
 * shareable URL (?picks=…) that reproduces the same results (picks.ts). Opening someone else's
 * shared results, and Retake Quiz from them, leave the visitor's own saved progress alone.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonVariants } from '../../components/ui/button.ts';
import { copyText } from '../../components/ui/clipboard.ts';
import { showToast } from '../../components/ui/toast.ts';
import { answersEveryQuestion, decodePicks, encodePicks, replayPicks, type Pick } from './picks.ts';
import {
  canGoNext, canGoPrevious, goNext, goPrevious, layoutFor, nextLabel, optionLetter, quizResults, selectOption,
  showsResults, startQuiz, type Personality, type QuizLayout, type QuizQuestion, type QuizState,
} from './scoring.ts';

export interface ResultLink {
  name: string;
  href: string;
}

interface Props {
  quizId: string;
  questions: QuizQuestion[];
  /** Each personality's category page (already resolved with the default mapping). */
  results: Record<Personality, ResultLink>;
}

interface Progress {
  index: number;
  picks: Pick[];
  /** Someone else's results opened from a shared link: shown, never saved over the visitor's own progress. */
  shared?: boolean;
}

const storageKey = (quizId: string) => `giftshop.quiz.${quizId}`;

function restore(quizId: string, questions: QuizQuestion[]): Progress | null {
  const shared = decodePicks(new URLSearchParams(location.search).get('picks'), questions);
  if (shared && answersEveryQuestion(questions, shared)) return { index: questions.length, picks: shared, shared: true };
  return savedProgress(quizId, questions);
}

/** The visitor's own progress, as this browser saved it. */
function savedProgress(quizId: string, questions: QuizQuestion[]): Progress | null {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(quizId)) ?? 'null') as Progress | null;
    const picks = saved && decodePicks(encodePicks(saved.picks ?? []), questions);
    return picks && Number.isInteger(saved.index) ? { index: saved.index, picks } : null;
  } catch {
    return null;
  }
}

/**
 * Brings the step into view below the fixed header, from its 'Question N of M' line to the
 * question, when it is not, as reduced motion allows.
 */
function showQuestion(step: HTMLElement | null, heading: HTMLElement | null): void {
  if (!step || !heading) return;
  const headerHeight = 64;
  if (step.getBoundingClientRect().top >= headerHeight && heading.getBoundingClientRect().bottom <= window.innerHeight) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  step.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}

const LAYOUTS: Record<QuizLayout, { list: string; option: string }> = {
  grid: { list: 'grid grid-cols-2 gap-3 md:grid-cols-4', option: 'flex-col items-start min-h-28' },
  list: { list: 'flex flex-col gap-2', option: 'items-center' },
  cards: { list: 'grid grid-cols-1 gap-3 sm:grid-cols-2', option: 'items-center min-h-20 text-lg' },
  columns: { list: 'grid grid-cols-1 gap-2 md:grid-flow-col md:grid-cols-2 md:grid-rows-4', option: 'items-center' },
};

export default function Quiz({ quizId, questions, results }: Props) {
  const [state, setState] = useState<QuizState>(() => startQuiz(questions.length));
  const [picks, setPicks] = useState<Pick[]>([]);
  const [restored, setRestored] = useState(false);
  const [viewingShared, setViewingShared] = useState(false);
  const step = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const stepped = useRef(false);

  useEffect(() => {
    const progress = restore(quizId, questions);
    if (progress) {
      setPicks(progress.picks);
      setState(replayPicks(questions, progress.picks, progress.index));
      setViewingShared(progress.shared === true);
    }
    setRestored(true);
  }, [quizId, questions]);

  // Each new step starts with its question in view: on a phone, Next sits below the options.
  useEffect(() => {
    if (stepped.current) showQuestion(step.current, heading.current);
  }, [state.index]);

  const done = showsResults(state);
  useEffect(() => {
    if (!restored) return;
    try {
      if (!viewingShared) localStorage.setItem(storageKey(quizId), JSON.stringify({ index: state.index, picks }));
    } catch {
      // Without storage the quiz simply starts over after a reload.
    }
    const url = new URL(location.href);
    if (done) url.searchParams.set('picks', encodePicks(picks));
    else url.searchParams.delete('picks');
    history.replaceState(history.state, '', url);
  }, [restored, viewingShared, quizId, state.index, picks, done]);

  function choose(option: number) {
    setState(selectOption(state, questions, option));
    setPicks([...picks, { question: state.index, option }]);
  }

  function next() {
    stepped.current = true;
    setState(goNext(state));
    if (state.index === questions.length - 1) window.scrollTo({ top: 0 });
  }

  function previous() {
    stepped.current = true;
    setState(goPrevious(state));
  }

  /**
   * Starts over; from someone else's shared results, the visitor's own quiz goes on where they left
   * it (and starts over when they had finished it), rather than their progress being wiped.
   */
  function retake() {
    const own = viewingShared ? savedProgress(quizId, questions) : null;
    const resumed = own && own.index < questions.length ? own : null;
    setViewingShared(false);
    setState(resumed ? replayPicks(questions, resumed.picks, resumed.index) : startQuiz(questions.length));
    setPicks(resumed?.picks ?? []);
  }

  if (done) return <Results state={state} results={results} onRetake={retake} />;

  const question = questions[state.index];
  if (!question) return null;
  const layout = LAYOUTS[layoutFor(state.index)];
  return (
    <section ref={step} aria-labelledby="quiz-question" className="mx-auto max-w-4xl scroll-mt-20">
      <p className="text-sm font-medium text-muted">
        Question {state.index + 1} of {questions.length}
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-black/10" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${(state.index / questions.length) * 100}%` }} />
      </div>
      <h2 id="quiz-question" ref={heading} className="mt-6 text-2xl font-bold text-ink md:text-3xl">{question.text}</h2>
      <ul className={`mt-6 ${layout.list}`} role="list">
        {question.options.map((option, index) => {
          const selected = state.answers[state.index] === index;
          return (
            <li key={index}>
              <button
                type="button"
                aria-pressed={selected}
                // Until the shopper's saved progress is read, a pick would be overwritten by it (and
                // before hydration a tap would be lost): the prebuilt options wait, disabled.
                disabled={!restored}
                onClick={() => choose(index)}
                className={`flex h-full w-full gap-3 rounded-2xl border-2 px-4 py-3 text-left transition disabled:cursor-wait ${layout.option} ${
                  selected ? 'border-brand-600 bg-brand-50' : 'border-black/10 bg-white hover:border-brand-500/60'
                }`}
              >
                <span className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold ${selected ? 'bg-brand-600 text-white' : 'bg-gray-100 text-ink'}`}>
                  {optionLetter(index)}
                </span>
                <span className="text-ink">{option.text}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-8 flex justify-between gap-4">
        {/* Dimmed further than the kit's disabled look: a half-faded Next would still look pressable. */}
        <Button variant="secondary" size="md" className="disabled:opacity-40!" onClick={previous} disabled={!canGoPrevious(state)}>
          Previous
        </Button>
        <Button size="md" className="disabled:opacity-40!" onClick={next} disabled={!canGoNext(state)}>
          {nextLabel(state)}
        </Button>
      </div>
    </section>
  );
}

function Results({ state, results, onRetake }: { state: QuizState; results: Record<Personality, ResultLink>; onRetake: () => void }) {
  const top = useMemo(() => quizResults(state.scores), [state.scores]);
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="quiz-results" className="mx-auto max-w-3xl text-center">
      <h2 id="quiz-results" className="text-3xl font-bold text-ink">Your gift personality results</h2>
      {top.length === 0 ? (
        <p className="mt-4 text-muted">No personality stood out. Try the quiz again with different answers.</p>
      ) : (
        <ol className="mt-8 grid gap-4 sm:grid-cols-3">
          {top.map((result) => {
            const link = results[result.personality];
            return (
              <li key={result.personality}>
                <a href={link.href} className="block h-full rounded-2xl border border-black/10 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md">
                  <Badge size="lg">{result.label}</Badge>
                  <span className="mt-3 block text-lg font-semibold text-ink">{link.name}</span>
                  <span className="mt-1 block text-sm text-muted">{result.score} {result.score === 1 ? 'point' : 'points'}</span>
                </a>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <a href="/gender/for_both" className={buttonVariants({ size: 'md' })}>Browse Gifts</a>
        <Button variant="secondary" size="md" onClick={onRetake}>
          Retake Quiz
        </Button>
        <Button
          variant="secondary"
          size="md"
          onClick={async () => {
            const copiedIt = await copyText(location.href);
            setCopied(copiedIt);
            if (!copiedIt) showToast('Your browser did not let us copy the link: copy it from the address bar.', 'error');
          }}
        >
          {copied ? 'Link copied' : 'Copy link to results'}
        </Button>
      </div>
    </section>
  );
}
