/**
 * The header's search box (spec: Search suggestions box). Rendered on the server it is a plain GET
 * form to /search; hydrated it suggests products and categories as the shopper types, or recent
 * searches in an empty box, as an ARIA combobox with a grouped listbox.
 *
 * supabase-js is not in this island's bundle: it is loaded (account/store.authClient) only once
 * the shopper focuses or types in the box.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { createQuery } from '../../lib/query-cache.ts';
import { useIntentReady } from '../../lib/use-intent-ready.ts';
import { useQuery } from '../../lib/use-load.ts';
import { authClient } from '../account/store.ts';
import { suggestionsFor } from './suggestions.ts';
import {
  canSubmitSearch, enterAction, MAX_SEARCH_LENGTH, moveHighlight, searchHref, searchTerm, suggestionHref, typedSuggestions,
  type Highlight, type Suggestion,
} from './rules.ts';
import { $recentSearches, loadRecentSearches, rememberRecentSearch } from './store.ts';
import { boxView, groupSuggestions, SUGGESTION_DEBOUNCE_MS, SUGGESTIONS_STALE_MS, type BoxNote } from './suggestion-box.ts';

interface Props {
  /** The input's id; the list's and options' ids derive from it. */
  id: string;
}

const suggestions = createQuery(
  async (term: string) => {
    const { products, categories } = await suggestionsFor(await authClient(), term);
    return typedSuggestions(products, categories);
  },
  { staleMs: SUGGESTIONS_STALE_MS },
);

const NOTES: Record<Exclude<BoxNote, null>, string> = {
  searching: 'Searching…',
  error: 'Suggestions are unavailable right now.',
  noMatches: 'No suggestions found.',
};

export default function SearchBox(props: Props) {
  return (
    <ErrorBoundary>
      <Box {...props} />
    </ErrorBoundary>
  );
}

/**
 * The term once the typing has paused (spec: debounced 300 ms); none at once when the text is too
 * short. The setter settles a term at once, for a pause that has already passed.
 */
function useDebouncedTerm(term: string | null): [string | null, (term: string | null) => void] {
  const [settled, setSettled] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(term), term === null ? 0 : SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  return [term === null ? null : settled, setSettled];
}

function warmUpClient() {
  authClient().catch((error: unknown) => console.error('The search client failed to load', error));
}

function Box({ id }: Props) {
  const root = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<Highlight>(null);
  const recent = useStore($recentSearches);

  const [debounced, settle] = useDebouncedTerm(searchTerm(text));
  const { state } = useQuery(suggestions, open ? debounced : null);
  const found = state.status === 'ready' ? state.data : null;
  // The last answer stays listed while the next one is awaited.
  const [kept, setKept] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (found) setKept(found);
  }, [found]);

  const view = boxView(text, recent, { term: debounced, status: state.status, suggestions: found ?? [] }, kept);
  const expanded = open && (view.suggestions.length > 0 || view.note !== null);
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const active = expanded && highlight !== null && highlight < view.suggestions.length ? highlight : null;

  useEffect(() => {
    if (active !== null) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const openBox = () => {
    if (!open) loadRecentSearches();
    setOpen(true);
  };
  // React arrives once the shopper has reached for the box and paused in their typing for the
  // suggestions' debounce (client:intent's typingPause, set by the header): the focus they gave it
  // carries on, and what they typed has already settled.
  const input = useRef<HTMLInputElement>(null);
  useIntentReady(root);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    if (box.value) {
      setText(box.value);
      settle(searchTerm(box.value));
    }
    if (document.activeElement === box) {
      openBox();
      warmUpClient();
    }
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const close = () => {
    setOpen(false);
    setHighlight(null);
  };
  // Spec: a submit clears the box and closes it.
  const leaveFor = (href: string) => {
    setText('');
    setKept([]);
    close();
    window.location.assign(href);
  };
  const runSearch = (typed: string) => {
    rememberRecentSearch(typed);
    leaveFor(searchHref(typed));
  };
  const choose = (suggestion: Suggestion) => {
    if (suggestion.type === 'category') leaveFor(suggestionHref(suggestion));
    else runSearch(suggestion.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) openBox();
      else setHighlight(moveHighlight(active, event.key, view.suggestions.length));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      // The box's own text: an Enter that arrives while React is still taking over the box comes before its text is in state.
      const action = enterAction(active, view.suggestions, input.current?.value ?? text);
      if (action.kind === 'choose') choose(action.suggestion);
      else if (action.kind === 'submit') runSearch(action.text);
    } else if (event.key === 'Escape' && open) {
      // Keeps the text and the mobile menu open.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!root.current?.contains(event.relatedTarget)) close();
  };

  return (
    <form
      ref={root}
      action="/search"
      method="get"
      role="search"
      className="relative"
      onBlur={onBlur}
      onSubmit={(event) => {
        event.preventDefault();
        // The box itself: a search sent before React arrived is sent again before its text is in state.
        const typed = input.current?.value ?? text;
        if (canSubmitSearch(typed)) runSearch(typed);
      }}
    >
      <label className="sr-only" htmlFor={id}>Search</label>
      {/* type text: a search input may not be a combobox (HTML); the phone keyboard still offers 'Search'. */}
      <input
        ref={input}
        id={id}
        name="q"
        type="text"
        inputMode="search"
        enterKeyHint="search"
        required
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={active === null ? undefined : optionId(active)}
        autoComplete="off"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search gifts & blogs..."
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setHighlight(null);
          if (searchTerm(event.target.value) === null) setKept([]);
          openBox();
          warmUpClient();
        }}
        onFocus={() => {
          openBox();
          warmUpClient();
        }}
        onClick={openBox}
        onKeyDown={onKeyDown}
        className="w-full rounded-full border border-black/10 bg-gray-50 px-4 py-2 text-base md:max-lg:px-2.5 placeholder:text-muted focus:border-brand-500 focus:bg-white focus:outline-none sm:text-sm"
      />
      <div
        hidden={!expanded}
        // Clicks in the list keep the focus in the box.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 z-50 mt-2 w-full min-w-full overflow-hidden rounded-2xl border border-black/10 bg-white shadow-xl md:w-[26rem]"
      >
        {view.note && (
          <p role="status" className="px-4 py-2 text-sm text-muted">{NOTES[view.note]}</p>
        )}
        <div role="listbox" id={listId} aria-label="Search suggestions" className="max-h-[400px] overflow-y-auto overscroll-contain py-1">
          {groupSuggestions(view.suggestions).map((group) => {
            const labelId = `${id}-group-${group.type}`;
            return (
              <div key={group.type} role="group" aria-labelledby={labelId}>
                <div role="presentation" id={labelId} className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
                  {group.label}
                </div>
                {group.options.map(({ suggestion, index }) => (
                  <div
                    key={`${suggestion.type}-${suggestion.id}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={active === index}
                    onMouseMove={() => active !== index && setHighlight(index)}
                    onClick={() => choose(suggestion)}
                    className={`flex cursor-pointer items-center gap-3 px-4 py-2 text-sm ${
                      active === index ? 'bg-brand-50 text-brand-700' : 'text-ink'
                    }`}
                  >
                    <SuggestionPicture suggestion={suggestion} />
                    <span className="min-w-0 flex-1 truncate">{suggestion.text}</span>
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </form>
  );
}

function SuggestionPicture({ suggestion }: { suggestion: Suggestion }) {
  if (suggestion.type === 'product') {
    return suggestion.imageUrl ? (
      <img src={suggestion.imageUrl} alt="" width={40} height={40} loading="lazy" decoding="async" className="size-10 shrink-0 rounded-lg bg-gray-50 object-cover" />
    ) : (
      <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-gray-100" />
    );
  }
  const path = suggestion.type === 'category'
    ? 'M4 5h7v7H4zM13 5h7v7h-7zM4 14h7v6H4zM13 14h7v6h-7z'
    : 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z';
  return (
    <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-lg bg-gray-50 text-muted">
      <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </span>
  );
}
