/** The /search page's own search box: a plain GET form, handled in the page once hydrated. */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useInputBeforeHydration } from '../../components/ui/use-input-before-hydration.ts';
import { MAX_SEARCH_LENGTH } from './rules.ts';

export function QueryBox({ initial, ready, onSearch }: {
  /** The address's query: read once the page has hydrated, then again on Back and Forward. */
  initial: string;
  /** The page has read its address. */
  ready: boolean;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(initial);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => setText(initial), [initial]);
  // After the line above: text typed before hydration wins over the query the page reads at the same time.
  useInputBeforeHydration(field, text, setText, ready);
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Search gifts and blogs"
      className="flex max-w-2xl gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSearch(text);
      }}
    >
      <label htmlFor="search-page-query" className="sr-only">Search gifts and blogs</label>
      <input
        ref={field}
        id="search-page-query"
        name="q"
        type="search"
        required
        maxLength={MAX_SEARCH_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="What are you looking for?"
        className="min-w-0 flex-1 rounded-full border border-black/15 bg-white px-5 py-3 text-base text-ink placeholder:text-muted focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <Button type="submit" size="notice">Search</Button>
    </form>
  );
}
