export { ListLayout, PlaceholderCard, type ListLayoutProps, type ListView } from './list-layout';
export { useListUrlState } from './use-list-url-state';
