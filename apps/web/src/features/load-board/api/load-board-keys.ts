/** One key per resource of the load board screens; a mutation invalidates what it changed. */
export const loadBoardKeys = {
  all: ['load-board'] as const,
  search: (criteria: Record<string, unknown>) => ['load-board', 'search', criteria] as const,
  topPicks: () => ['load-board', 'top-picks'] as const,
  load: (shipmentNumber: string) => ['load-board', 'load', shipmentNumber] as const,
  /** Without a kind, the key of every rates list of the load (invalidation takes them all). */
  rates: (shipmentNumber: string, rateKind?: string) =>
    rateKind
      ? (['rates', 'shipment', shipmentNumber, rateKind] as const)
      : (['rates', 'shipment', shipmentNumber] as const),
  places: (q: string, types: string) => ['quotable-locations', q, types] as const,
  reloads: (shipmentNumber: string) => ['load-board', 'reloads', shipmentNumber] as const,
  lanes: () => ['saved-lanes'] as const,
  postings: () => ['equipment-postings'] as const,
  postingMatches: (postingId: string) => ['equipment-postings', postingId, 'matches'] as const,
};
