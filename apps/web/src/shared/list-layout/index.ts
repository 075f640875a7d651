export { ListLayout, type ListLayoutProps, type ListView } from './list-layout';
export { PlaceholderCard } from './placeholder-card';
export { useListUrlState, type ListUrlState } from './use-list-url-state';
