import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import type { TenderSummary } from '@portal/contract';
import {
  DEFAULT_TENDER_VIEW,
  TENDER_MESSAGES,
  TENDER_SORT_LABELS,
  TENDER_SORT_PROPERTIES,
  TENDER_VIEWS,
  type TenderSortProperty,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import {
  ListLayout,
  useFilterDraft,
  useListUrlState,
  type ListView,
} from '../../../shared/list-layout';
import { useTenderCustomers, useTenderList, useTenderStatusCounts } from '../api/find-tenders';
import type { TenderFindFilters } from '../api/keys';
import { TenderCard } from './tender-card';

// The search is written to the address (and asked for) this long after the last key.
const SEARCH_DEBOUNCE_MS = 500;

interface TenderFilterValues extends Record<string, string> {
  /** Comma-joined customer company ids. */
  customers: string;
  sort: TenderSortProperty;
  direction: 'asc' | 'desc';
}

const DEFAULT_FILTERS: TenderFilterValues = { customers: '', sort: 'sentAt', direction: 'desc' };

/** /tenders: the carrier's tenders by status, with counts, search, customer filter and sort. */
export function TenderListPage() {
  const list = useListUrlState<TenderFilterValues>({
    defaultView: DEFAULT_TENDER_VIEW,
    defaultFilters: DEFAULT_FILTERS,
  });
  const [searchText, setSearchText] = useState(list.search);
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const { setSearch } = list;

  useEffect(() => {
    if (searchText === list.search) return;
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, list.search, setSearch]);

  const view = TENDER_VIEWS.find((candidate) => candidate.id === list.view) ?? TENDER_VIEWS[0];
  const filters = useMemo<TenderFindFilters>(() => {
    const customers = list.filters.customers.split(',').filter(Boolean);
    return {
      ...(view.id === 'all' ? {} : { statuses: [...view.statuses] }),
      ...(customers.length ? { customers } : {}),
      ...(list.search.trim() ? { query: list.search.trim() } : {}),
      sortProperty: list.filters.sort,
      sortDirection: list.filters.direction,
    };
  }, [view, list.filters, list.search]);
  const tenders = useTenderList(filters);
  const counts = useTenderStatusCounts().data?.data;
  const customers = useTenderCustomers().data?.data ?? [];

  const views: ListView[] = TENDER_VIEWS.map((candidate) => ({
    value: candidate.id,
    label: candidate.label,
    count: counts
      ? candidate.id === 'all'
        ? Object.values(counts).reduce((sum, value) => sum + value, 0)
        : counts[candidate.id as keyof typeof counts]
      : undefined,
  }));
  const items: TenderSummary[] = tenders.data?.pages.flatMap((page) => page.data) ?? [];
  const chosen = draft.customers.split(',').filter(Boolean);

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<TenderSummary>
        views={views}
        view={view.id}
        onViewChange={list.setView}
        filters={
          <Stack spacing={2}>
            <FormControl size="small" fullWidth>
              <InputLabel id="tender-customers-label">Customer</InputLabel>
              <Select
                labelId="tender-customers-label"
                label="Customer"
                multiple
                value={chosen}
                onChange={(event) => {
                  const value = event.target.value;
                  const ids = typeof value === 'string' ? value.split(',') : value;
                  setDraft({ ...draft, customers: ids.filter(Boolean).join(',') });
                }}
                renderValue={(ids) =>
                  ids
                    .map((id) => customers.find((customer) => customer.id === id)?.name ?? id)
                    .join(', ')
                }
              >
                {customers.map((customer) => (
                  <MenuItem key={customer.id} value={customer.id}>
                    <Checkbox size="small" checked={chosen.includes(customer.id)} />
                    <ListItemText primary={customer.name} />
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" fullWidth>
              <InputLabel id="tender-sort-label">Sort By</InputLabel>
              <Select
                labelId="tender-sort-label"
                label="Sort By"
                value={draft.sort}
                onChange={(event) =>
                  setDraft({ ...draft, sort: event.target.value as TenderSortProperty })
                }
              >
                {TENDER_SORT_PROPERTIES.map((property) => (
                  <MenuItem key={property} value={property}>
                    {TENDER_SORT_LABELS[property]}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" fullWidth>
              <InputLabel id="tender-direction-label">Order</InputLabel>
              <Select
                labelId="tender-direction-label"
                label="Order"
                value={draft.direction}
                onChange={(event) =>
                  setDraft({ ...draft, direction: event.target.value as 'asc' | 'desc' })
                }
              >
                <MenuItem value="desc">Descending</MenuItem>
                <MenuItem value="asc">Ascending</MenuItem>
              </Select>
            </FormControl>
          </Stack>
        }
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by tender or shipment number"
        items={items}
        getKey={(tender) => tender.id}
        renderItem={(tender) => <TenderCard tender={tender} />}
        isLoading={tenders.isPending}
        hasNextPage={tenders.hasNextPage}
        isFetchingNextPage={tenders.isFetchingNextPage}
        fetchNextPage={() => void tenders.fetchNextPage()}
        emptyText={TENDER_MESSAGES.noMatchingTenders}
        endText={TENDER_MESSAGES.endOfList}
      />
    </Box>
  );
}
