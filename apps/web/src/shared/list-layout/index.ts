export { ListLayout, type ListLayoutProps, type ListView } from './list-layout';
export { PlaceholderCard } from './placeholder-card';
export { useFilterDraft, type FilterDraft } from './use-filter-draft';
export { useListUrlState, type ListUrlState } from './use-list-url-state';
export { LIST_SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search';
