import { useEffect, useState } from 'react';

/** The list's search is written to the address (and asked for) this long after the last key. */
export const LIST_SEARCH_DEBOUNCE_MS = 500;

/** The search box's text, written to the URL once typing pauses. */
export function useDebouncedSearch(search: string, setSearch: (value: string) => void) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const timer = window.setTimeout(() => setSearch(text.trim()), LIST_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, setSearch]);
  return [text, setText] as const;
}
