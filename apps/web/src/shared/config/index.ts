export {
  clientConfigQueryOptions,
  showsUatBadge,
  useClientConfig,
  type ClientSettings,
} from './client-config';
