import ListIcon from '@mui/icons-material/ViewList';
import MapIcon from '@mui/icons-material/MapOutlined';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FilterSet, ShipmentListItem } from '@portal/contract';
import {
  DEFAULT_SHIPMENT_LIST_STATUSES,
  SHIPMENT_STATUS_DISPLAY_NAMES,
  ShipmentListName,
  ShipmentStatus,
} from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useState, type ReactNode } from 'react';
import {
  ListLayout,
  useDebouncedSearch,
  useFilterDraft,
  useListUrlState,
  type ListView,
} from '../../../shared/list-layout';
import { useDeleteFilterSet, useFilterSets, useSaveFilterSet } from '../api/filter-sets';
import { problemText } from '../api/shipment-execution';
import { useShipmentList, useShipmentStatusCounts } from '../api/shipment-lists';
import { ShipmentCard } from './shipment-card';
import { ShipmentMap } from './shipment-map';

/** The statuses a carrier's lists offer as views and filters: from booking to confirmation. */
export const LIST_STATUSES = [
  ShipmentStatus.Booked,
  ShipmentStatus.Dispatched,
  ShipmentStatus.InTransit,
  ShipmentStatus.AtStop,
  ShipmentStatus.Delivered,
  ShipmentStatus.DeliveryConfirmed,
] as const;

export const ALL_VIEW = 'all';

export const DEFAULT_FILTERS = {
  list: ShipmentListName.Booking as string,
  statuses: DEFAULT_SHIPMENT_LIST_STATUSES.join(','),
  needsUpdates: '',
  page: 'list',
};
export type ShipmentFilters = typeof DEFAULT_FILTERS;

export const parseStatuses = (value: string) =>
  value
    .split(',')
    .map(Number)
    .filter((status) => Number.isInteger(status) && status in SHIPMENT_STATUS_DISPLAY_NAMES);

export function StatusFilters({
  draft,
  onChange,
  showListOrder,
}: {
  draft: ShipmentFilters;
  onChange(draft: ShipmentFilters): void;
  showListOrder: boolean;
}) {
  const chosen = new Set(parseStatuses(draft.statuses));
  const toggle = (status: number) => {
    const next = new Set(chosen);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    onChange({ ...draft, statuses: LIST_STATUSES.filter((s) => next.has(s)).join(',') });
  };
  return (
    <>
      {showListOrder && (
        <FormControl>
          <FormLabel id="list-order-label">List</FormLabel>
          <RadioGroup
            aria-labelledby="list-order-label"
            value={draft.list}
            onChange={(event) => onChange({ ...draft, list: event.target.value })}
          >
            <FormControlLabel
              value={ShipmentListName.Booking}
              control={<Radio size="small" />}
              label="Booking (newest pickup first)"
            />
            <FormControlLabel
              value={ShipmentListName.Tracking}
              control={<Radio size="small" />}
              label="Tracking (most overdue update first)"
            />
          </RadioGroup>
        </FormControl>
      )}
      <FormControl component="fieldset">
        <FormLabel component="legend">Statuses</FormLabel>
        <FormGroup>
          {LIST_STATUSES.map((status) => (
            <FormControlLabel
              key={status}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.has(status)}
                  onChange={() => toggle(status)}
                />
              }
              label={SHIPMENT_STATUS_DISPLAY_NAMES[status]}
            />
          ))}
        </FormGroup>
      </FormControl>
      {showListOrder && (
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={draft.needsUpdates === 'true'}
              onChange={(event) =>
                onChange({ ...draft, needsUpdates: event.target.checked ? 'true' : '' })
              }
            />
          }
          label="Needs updates"
        />
      )}
    </>
  );
}

export function PageToggle({
  page,
  onChange,
}: {
  page: string;
  onChange(page: 'list' | 'map'): void;
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={page}
      onChange={(_event, value: 'list' | 'map' | null) => value && onChange(value)}
      aria-label="Page view"
    >
      <ToggleButton value="list" aria-label="List view">
        <ListIcon />
      </ToggleButton>
      <ToggleButton value="map" aria-label="Map view">
        <MapIcon />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

const SAVED_VIEW_PREFIX = 'saved:';

/** /all-shipments and /shipments: the booking and tracking lists, as cards or on a map. */
export function ShipmentListPage() {
  const controls = useShipmentListControls();
  const { state, draft, setDraft } = controls;
  const listName =
    state.filters.list === ShipmentListName.Tracking
      ? ShipmentListName.Tracking
      : ShipmentListName.Booking;
  const filterSets = useFilterSets(listName);
  // A saved view brings its own statuses, needs-updates and number prefix (the search box wins).
  const saved = state.view.startsWith(SAVED_VIEW_PREFIX)
    ? filterSets.data?.data.find((set) => `${SAVED_VIEW_PREFIX}${set.id}` === state.view)
    : undefined;
  const needsUpdates = saved
    ? saved.filterFields.needsUpdates === true
    : state.filters.needsUpdates === 'true';
  const statuses = saved
    ? [...(saved.filterFields.statuses ?? DEFAULT_SHIPMENT_LIST_STATUSES)]
    : state.view === ALL_VIEW
      ? parseStatuses(state.filters.statuses)
      : parseStatuses(state.view);
  const query = state.search || saved?.filterFields.query || '';
  const list = useShipmentList({ list: listName, query, statuses, needsUpdates });
  const counts = useShipmentStatusCounts(state.search, state.filters.needsUpdates === 'true');
  const countOf = (status: number) =>
    counts.data?.data.find((entry) => entry.status.value === status)?.count;
  const allStatuses = parseStatuses(state.filters.statuses);
  const views: ListView[] = [
    {
      value: ALL_VIEW,
      label: 'All Shipments',
      count: counts.data
        ? allStatuses.reduce((total, status) => total + (countOf(status) ?? 0), 0)
        : undefined,
    },
    // The statuses the filters chose, so that All Shipments counts exactly the views beneath it.
    ...LIST_STATUSES.filter((status) => allStatuses.includes(status)).map((status) => ({
      value: String(status),
      label: SHIPMENT_STATUS_DISPLAY_NAMES[status],
      count: countOf(status),
    })),
    ...(filterSets.data?.data ?? []).map((set) => ({
      value: `${SAVED_VIEW_PREFIX}${set.id}`,
      label: set.viewName,
    })),
  ];
  const items: ShipmentListItem[] = list.data?.pages.flatMap((page) => page.data) ?? [];
  // The heading names the view chosen (a status, a saved view, or all of the chosen statuses).
  const chosenView =
    views.find((view) => view.value === state.view)?.label ??
    parseStatuses(state.view)
      .map((status) => SHIPMENT_STATUS_DISPLAY_NAMES[status as ShipmentStatus])
      .join(', ');

  return (
    <ShipmentListFrame
      title={chosenView || 'All Shipments'}
      views={views}
      controls={controls}
      filters={
        <>
          <StatusFilters draft={draft} onChange={setDraft} showListOrder />
          <SavedViewControls
            listName={listName}
            draft={draft}
            search={state.search}
            saved={saved}
            onSaved={(id) => state.setView(`${SAVED_VIEW_PREFIX}${id}`)}
            onDeleted={() => state.setView(ALL_VIEW)}
          />
        </>
      }
      items={items}
      query={list}
    />
  );
}

/** Save the statuses, needs-updates and search as a named view of the list shown, or delete one. */
function SavedViewControls({
  listName,
  draft,
  search,
  saved,
  onSaved,
  onDeleted,
}: {
  listName: ShipmentListName;
  draft: ShipmentFilters;
  search: string;
  saved: FilterSet | undefined;
  onSaved(id: string): void;
  onDeleted(): void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveFilterSet();
  const remove = useDeleteFilterSet(listName);
  const [viewName, setViewName] = useState('');
  const onSave = async () => {
    try {
      const statuses = parseStatuses(draft.statuses);
      const answer = await save.mutateAsync({
        listName,
        viewName: viewName.trim(),
        filterFields: {
          ...(statuses.length > 0 ? { statuses } : {}),
          ...(draft.needsUpdates === 'true' ? { needsUpdates: true } : {}),
          ...(search ? { query: search } : {}),
        },
      });
      enqueueSnackbar(`View "${answer.data.viewName}" saved`, { variant: 'success' });
      setViewName('');
      onSaved(answer.data.id);
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  const onDelete = async (set: FilterSet) => {
    try {
      await remove.mutateAsync(set.id);
      enqueueSnackbar(`View "${set.viewName}" deleted`, { variant: 'success' });
      onDeleted();
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  return (
    <Stack sx={{ gap: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          label="View name"
          value={viewName}
          onChange={(event) => setViewName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ flex: 1 }}
        />
        <Button onClick={() => void onSave()} disabled={save.isPending || !viewName.trim()}>
          Save View
        </Button>
      </Stack>
      {saved && (
        <Button
          color="error"
          onClick={() => void onDelete(saved)}
          disabled={remove.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Delete View "{saved.viewName}"
        </Button>
      )}
    </Stack>
  );
}

/** The list state in the URL, the filter controls' draft and the debounced search box. */
export function useShipmentListControls() {
  const state = useListUrlState({ defaultView: ALL_VIEW, defaultFilters: DEFAULT_FILTERS });
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(state);
  const [searchText, setSearchText] = useDebouncedSearch(state.search, state.setSearch);
  return { state, draft, setDraft, applyDraft, resetDraft, searchText, setSearchText };
}

/** A shipment list on the shared list layout: cards, or the loaded shipments on a map. */
export function ShipmentListFrame({
  title,
  views,
  controls,
  filters,
  items,
  query,
}: {
  title: string;
  views: ListView[];
  controls: ReturnType<typeof useShipmentListControls>;
  filters: ReactNode;
  items: ShipmentListItem[];
  query: {
    isPending: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage(): unknown;
  };
}) {
  const { state, applyDraft, resetDraft, searchText, setSearchText } = controls;
  return (
    <ListLayout
      title={title}
      views={views}
      view={state.view}
      onViewChange={state.setView}
      filters={filters}
      onApplyFilters={applyDraft}
      onResetFilters={resetDraft}
      search={searchText}
      onSearchChange={setSearchText}
      searchPlaceholder="Search by shipment #"
      toolbar={
        <PageToggle
          page={state.filters.page}
          onChange={(page) => state.applyFilters({ ...state.filters, page })}
        />
      }
      items={items}
      getKey={(shipment) => shipment.id}
      renderItem={(shipment) => <ShipmentCard shipment={shipment} />}
      isLoading={query.isPending}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      fetchNextPage={() => void query.fetchNextPage()}
      emptyText="No Matching Shipments Found"
    >
      {state.filters.page === 'map' ? <ShipmentMap shipments={items} /> : undefined}
    </ListLayout>
  );
}
