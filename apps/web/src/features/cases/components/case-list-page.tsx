import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { CaseListItem, CaseListSort } from '@portal/contract';
import {
  CASE_MESSAGES,
  CASE_STATUS_GROUP_COUNT_KEYS,
  INVOICE_MESSAGES,
  isCaseStatusGroup,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { CreateCaseDialog } from '../../../shared/accessorial-requests';
import {
  ListLayout,
  useFilterDraft,
  useListUrlState,
  type ListView,
} from '../../../shared/list-layout';
import { useCurrentUser } from '../../../shared/session';
import { useCaseCounts, useCaseList } from '../api/case-list';
import { CaseCard } from './case-card';
import { CaseFilterPanel } from './case-filter-panel';
import {
  CASE_SORT_LABELS,
  CASE_VIEWS,
  countFilters,
  DEFAULT_CASE_FILTERS,
  DEFAULT_CASE_SORT,
  DEFAULT_CASE_VIEW,
  listFilters,
  type CaseFilterValues,
} from './case-list-filters';

// The search is written to the address (and asked for) this long after the last key.
const SEARCH_DEBOUNCE_MS = 500;

/** /cases (Accessorial Requests): views by status with counts, every filter, search, sort. */
export function CaseListPage() {
  const user = useCurrentUser();
  const list = useListUrlState<CaseFilterValues>({
    defaultView: DEFAULT_CASE_VIEW,
    defaultFilters: DEFAULT_CASE_FILTERS,
  });
  const [searchText, setSearchText] = useState(list.search);
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const [creating, setCreating] = useState(false);
  const { setSearch } = list;

  useEffect(() => {
    if (searchText === list.search) return;
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, list.search, setSearch]);

  const query = useMemo(
    () => listFilters(list.view, list.search, list.filters),
    [list.view, list.search, list.filters],
  );
  const badgeQuery = useMemo(
    () => countFilters(list.search, list.filters),
    [list.search, list.filters],
  );
  const cases = useCaseList(query);
  const counts = useCaseCounts(badgeQuery);
  const views: ListView[] = CASE_VIEWS.map((view) => {
    const tally = counts.data;
    const count = !tally
      ? undefined
      : isCaseStatusGroup(view.value)
        ? tally[CASE_STATUS_GROUP_COUNT_KEYS[view.value]]
        : tally.new + tally.inProgress + tally.onHold + tally.resolved;
    return { value: view.value, label: view.label, count };
  });
  // Carriers and their drivers raise requests; the operator's staff work them.
  const raises = user.permissions.some(
    (permission) => permission === 'CarrierPortal' || permission === 'DriverPortal',
  );

  const applySort = (sort: string) =>
    list.applyFilters({ ...list.filters, sort: sort === DEFAULT_CASE_SORT ? '' : sort });

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<CaseListItem>
        views={views}
        view={list.view}
        onViewChange={list.setView}
        filters={<CaseFilterPanel values={draft} onChange={setDraft} />}
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by case number, shipment number or subject"
        toolbar={
          <>
            <FormControl size="small" sx={{ width: { xs: 96, sm: 200 }, flexShrink: 0 }}>
              <InputLabel id="case-sort-label">Sort</InputLabel>
              <Select
                labelId="case-sort-label"
                id="case-sort"
                label="Sort"
                value={list.filters.sort || DEFAULT_CASE_SORT}
                onChange={(event) => applySort(event.target.value)}
              >
                {(Object.keys(CASE_SORT_LABELS) as CaseListSort[]).map((sort) => (
                  <MenuItem key={sort} value={sort}>
                    {CASE_SORT_LABELS[sort]}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {raises && (
              <Button
                variant="contained"
                aria-label="New Request"
                onClick={() => setCreating(true)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0, px: { xs: 1, sm: 2 } }}
              >
                <AddIcon fontSize="small" />
                {/* On a phone the button is its icon; the label is for wider screens. */}
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 0.5 }}>
                  New Request
                </Box>
              </Button>
            )}
          </>
        }
        items={cases.data?.pages.flatMap((page) => page.data) ?? []}
        getKey={(item) => item.id}
        renderItem={(item) => <CaseCard item={item} />}
        isLoading={cases.isPending}
        hasNextPage={cases.hasNextPage}
        isFetchingNextPage={cases.isFetchingNextPage}
        fetchNextPage={() => void cases.fetchNextPage()}
        emptyText={CASE_MESSAGES.noMatchingCases}
        endText={INVOICE_MESSAGES.endOfList}
      />
      {raises && <CreateCaseDialog open={creating} onClose={() => setCreating(false)} />}
    </Box>
  );
}
