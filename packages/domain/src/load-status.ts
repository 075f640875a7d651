import type { ValueOf } from './enum-values';

/** Progress of a list load, a detail load or a case creation. */
export const LoadStatus = {
  Idle: 'idle',
  Pending: 'pending',
  Resolved: 'resolved',
  Rejected: 'rejected',
} as const;
export type LoadStatus = ValueOf<typeof LoadStatus>;
