import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RateRequestSummary } from '@portal/contract';
import { RATE_REQUEST_MESSAGES, RATE_REQUEST_VIEWS, TENDER_MESSAGES } from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { ListLayout, useListUrlState, type ListView } from '../../../shared/list-layout';
import {
  useRateRequestCounts,
  useRateRequestList,
  type RateRequestFilters,
} from '../api/rate-requests';
import { RateRequestCard } from './rate-request-card';

const SEARCH_DEBOUNCE_MS = 500;

/** /rates: the carrier's rate requests, Open (Sent), Offered and Declined, with counts. */
export function RateRequestListPage() {
  const list = useListUrlState<Record<string, string>>({ defaultView: 'sent', defaultFilters: {} });
  const [searchText, setSearchText] = useState(list.search);
  const { setSearch } = list;
  useEffect(() => {
    if (searchText === list.search) return;
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, list.search, setSearch]);

  const view =
    RATE_REQUEST_VIEWS.find((candidate) => candidate.id === list.view) ?? RATE_REQUEST_VIEWS[0];
  const filters = useMemo<RateRequestFilters>(
    () => ({
      ...(view.id === 'all' ? {} : { statuses: [...view.statuses] }),
      ...(list.search.trim() ? { query: list.search.trim() } : {}),
    }),
    [view, list.search],
  );
  const requests = useRateRequestList(filters);
  const counts = useRateRequestCounts().data?.data;
  const views: ListView[] = RATE_REQUEST_VIEWS.map((candidate) => ({
    value: candidate.id,
    label: candidate.label,
    count: counts
      ? candidate.id === 'all'
        ? counts.sent + counts.offered + counts.declined
        : counts[candidate.id as 'sent' | 'offered' | 'declined']
      : undefined,
  }));

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<RateRequestSummary>
        views={views}
        view={view.id}
        onViewChange={list.setView}
        filters={
          <Typography variant="body2" color="text.secondary">
            Choose a view to see open, offered or declined requests.
          </Typography>
        }
        onApplyFilters={() => list.applyFilters({})}
        onResetFilters={list.resetFilters}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by shipment number"
        items={requests.data?.pages.flatMap((page) => page.data) ?? []}
        getKey={(request) => request.id}
        renderItem={(request) => (
          <RateRequestCard request={request} to={`/rates/${request.id}/preview`} />
        )}
        isLoading={requests.isPending}
        hasNextPage={requests.hasNextPage}
        isFetchingNextPage={requests.isFetchingNextPage}
        fetchNextPage={() => void requests.fetchNextPage()}
        emptyText={RATE_REQUEST_MESSAGES.noMatchingRequests}
        endText={TENDER_MESSAGES.endOfList}
      />
    </Box>
  );
}
