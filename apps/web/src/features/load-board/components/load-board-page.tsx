import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import ListIcon from '@mui/icons-material/ViewList';
import MapIcon from '@mui/icons-material/MapOutlined';
import type { LoadBoardItem } from '@portal/contract';
import {
  DEFAULT_LOAD_BOARD_ORDER_BY,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  EQUIPMENT_TYPES,
  LOAD_BOARD_DEFAULT_RADIUS_MILES,
  LOAD_BOARD_MAX_RADIUS_MILES,
  LOAD_BOARD_ORDER_BY,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ListLayout,
  useFilterDraft,
  useListUrlState,
  type ListView,
} from '../../../shared/list-layout';
import { useLoadBoard, type LoadBoardCriteria } from '../api/load-board';
import { useSavedLanes } from '../api/lanes';
import { LoadCard } from './load-card';
import { LoadMap } from './load-map';
import { PlacePicker, type PickedPlace } from './place-picker';
import { problemText } from './problem-text';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value';

const RADIUS = String(LOAD_BOARD_DEFAULT_RADIUS_MILES);
/** The API takes at most this many more origins (LoadBoardQuery.originLocations). */
const LOAD_BOARD_MAX_ORIGIN_LOCATIONS = 10;

/** Every criterion of a search, as the query string holds it (empty = not set). */
export const LOAD_BOARD_DEFAULTS = {
  originPostalCode: '',
  originState: '',
  originLabel: '',
  originRadius: RADIUS,
  originLocations: '',
  destinationPostalCode: '',
  destinationState: '',
  destinationLabel: '',
  destinationRadius: RADIUS,
  pickupFrom: '',
  pickupTo: '',
  equipmentTypes: '',
  includePartials: '',
  totalPriceMin: '',
  missingLiquorRequirements: '',
  orderBy: DEFAULT_LOAD_BOARD_ORDER_BY as string,
  pageView: 'list',
};
type Filters = typeof LOAD_BOARD_DEFAULTS;

const ALL_VIEW = 'all';
const LANE_VIEW = 'lane:';
const SEARCH_DEBOUNCE_MS = 500;

function placeOf(filters: Filters, side: 'origin' | 'destination'): PickedPlace | null {
  const postalCode = filters[`${side}PostalCode`];
  const state = filters[`${side}State`];
  if (!postalCode && !state) return null;
  return { postalCode, state, label: filters[`${side}Label`] || postalCode || state };
}

function withPlace(
  filters: Filters,
  side: 'origin' | 'destination',
  place: PickedPlace | null,
): Filters {
  return {
    ...filters,
    [`${side}PostalCode`]: place?.postalCode ?? '',
    // A city or ZIP is searched by its postal code and radius; a state alone by the state.
    [`${side}State`]: place && !place.postalCode ? place.state : '',
    [`${side}Label`]: place?.label ?? '',
  };
}

/** More origins as typed: ZIP or postal codes separated by commas (a Canadian code has a space). */
export function originLocationsOf(text: string): string[] {
  return text
    .split(',')
    .map((code) => code.trim().replace(/\s+/g, ' ').toUpperCase())
    .filter(Boolean);
}

/** The API's criteria: what the URL holds, less what only the screen needs. */
function criteriaOf(filters: Filters, search: string): LoadBoardCriteria {
  const { pageView: _pageView, originLocations, ...rest } = filters;
  const criteria: LoadBoardCriteria = {};
  for (const [key, value] of Object.entries(rest)) if (value !== '') criteria[key] = value;
  const origins = originLocationsOf(originLocations);
  if (origins.length) criteria.originLocations = origins.join(',');
  const numbers = search.split(/[\s,]+/).filter((part) => /^\d{1,15}$/.test(part));
  if (numbers.length) criteria.selectedShipments = numbers.join(',');
  return criteria;
}

function EquipmentFilter({ value, onChange }: { value: string; onChange(mask: string): void }) {
  const mask = Number(value) || 0;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Equipment</FormLabel>
      <FormGroup sx={{ maxHeight: 220, overflowY: 'auto', flexWrap: 'nowrap' }}>
        {EQUIPMENT_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            control={
              <Checkbox
                size="small"
                checked={(mask & type) !== 0}
                onChange={(event) => {
                  const next = event.target.checked ? mask | type : mask & ~type;
                  onChange(next ? String(next) : '');
                }}
              />
            }
            label={EQUIPMENT_TYPE_DISPLAY_NAMES[type]}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

function RadiusField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const number = Number(value);
  const invalid =
    value !== '' &&
    (!Number.isInteger(number) || number < 0 || number > LOAD_BOARD_MAX_RADIUS_MILES);
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={invalid}
      helperText={invalid ? `0 to ${LOAD_BOARD_MAX_RADIUS_MILES} miles` : undefined}
      slotProps={{ htmlInput: { min: 0, max: LOAD_BOARD_MAX_RADIUS_MILES, step: 25 } }}
    />
  );
}

function SearchFilters({ draft, onChange }: { draft: Filters; onChange(next: Filters): void }) {
  const set = (key: keyof Filters, value: string) => onChange({ ...draft, [key]: value });
  const flag = (key: keyof Filters, label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={draft[key] === 'true'}
          onChange={(event) => set(key, event.target.checked ? 'true' : '')}
        />
      }
      label={label}
    />
  );
  return (
    <Stack sx={{ gap: 2 }}>
      <PlacePicker
        label="Origin"
        value={placeOf(draft, 'origin')}
        onChange={(place) => onChange(withPlace(draft, 'origin', place))}
      />
      <RadiusField
        label="Origin radius (mi)"
        value={draft.originRadius}
        onChange={(v) => set('originRadius', v)}
      />
      <TextField
        size="small"
        label="More origins (ZIP codes)"
        value={draft.originLocations}
        onChange={(event) => set('originLocations', event.target.value)}
        error={originLocationsOf(draft.originLocations).length > LOAD_BOARD_MAX_ORIGIN_LOCATIONS}
        helperText={`Up to ${LOAD_BOARD_MAX_ORIGIN_LOCATIONS}, separated by commas; each searched with the origin radius`}
      />
      <PlacePicker
        label="Destination"
        value={placeOf(draft, 'destination')}
        onChange={(place) => onChange(withPlace(draft, 'destination', place))}
      />
      <RadiusField
        label="Destination radius (mi)"
        value={draft.destinationRadius}
        onChange={(v) => set('destinationRadius', v)}
      />
      <Stack direction="row" sx={{ gap: 1 }}>
        <TextField
          size="small"
          type="date"
          label="Pickup from"
          value={draft.pickupFrom}
          onChange={(event) => set('pickupFrom', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          type="date"
          label="Pickup to"
          value={draft.pickupTo}
          onChange={(event) => set('pickupTo', event.target.value)}
          error={Boolean(draft.pickupFrom && draft.pickupTo && draft.pickupTo < draft.pickupFrom)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <EquipmentFilter
        value={draft.equipmentTypes}
        onChange={(mask) => set('equipmentTypes', mask)}
      />
      {flag('includePartials', 'Include partials (LTL, VLTL)')}
      <TextField
        size="small"
        type="number"
        label="Total price at least ($)"
        value={draft.totalPriceMin}
        onChange={(event) => set('totalPriceMin', event.target.value)}
        slotProps={{ htmlInput: { min: 0, step: 100 } }}
      />
      {flag('missingLiquorRequirements', 'Hide loads needing a liquor license')}
      <FormControl size="small">
        <InputLabel id="load-board-order-by">Order by</InputLabel>
        <Select
          labelId="load-board-order-by"
          label="Order by"
          value={draft.orderBy}
          onChange={(event) => set('orderBy', event.target.value)}
        >
          {LOAD_BOARD_ORDER_BY.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}

/** /reloads: the load board. Every criterion lives in the query string, so a search is a link. */
export function LoadBoardPage() {
  const state = useListUrlState({ defaultView: ALL_VIEW, defaultFilters: LOAD_BOARD_DEFAULTS });
  const navigate = useNavigate();
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(state);
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);
  const settled = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const { setSearch } = state;
  useEffect(() => {
    if (settled.trim() !== state.search) setSearch(settled.trim());
  }, [settled, state.search, setSearch]);

  const criteria = useMemo(
    () => criteriaOf(state.filters, state.search),
    [state.filters, state.search],
  );
  const board = useLoadBoard(criteria);
  const lanes = useSavedLanes();
  const items: LoadBoardItem[] = board.data?.pages.flatMap((page) => page.data) ?? [];
  const total = board.data?.pages[0]?.totalCount;
  const views: ListView[] = [
    { value: ALL_VIEW, label: 'Current Search', ...(total !== undefined ? { count: total } : {}) },
    ...(lanes.data?.data ?? []).map((lane) => ({
      value: `${LANE_VIEW}${lane.id}`,
      label: `${lane.origin.city ?? lane.origin.state} → ${lane.destination ? (lane.destination.city ?? lane.destination.state) : 'Anywhere'}`,
      count: lane.matchCount,
    })),
  ];
  const onViewChange = (view: string) => {
    const lane = lanes.data?.data.find((item) => `${LANE_VIEW}${item.id}` === view);
    if (lane) void navigate(`/reloads?${lane.loadBoardSearch}&view=${encodeURIComponent(view)}`);
    else state.setView(view);
  };

  return (
    <Stack sx={{ gap: 1 }}>
      {board.isError && <Alert severity="error">{problemText(board.error)}</Alert>}
      <ListLayout
        title="Load Board"
        views={views}
        view={state.view}
        onViewChange={onViewChange}
        filters={<SearchFilters draft={draft} onChange={setDraft} />}
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Shipment numbers (comma separated)"
        toolbar={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={state.filters.pageView}
            onChange={(_event, value: 'list' | 'map' | null) =>
              value && state.applyFilters({ ...state.filters, pageView: value })
            }
            aria-label="Page view"
          >
            <ToggleButton value="list" aria-label="List view">
              <ListIcon />
            </ToggleButton>
            <ToggleButton value="map" aria-label="Map view">
              <MapIcon />
            </ToggleButton>
          </ToggleButtonGroup>
        }
        items={items}
        getKey={(load) => load.id}
        renderItem={(load) => <LoadCard load={load} />}
        isLoading={board.isPending}
        hasNextPage={board.hasNextPage}
        isFetchingNextPage={board.isFetchingNextPage}
        fetchNextPage={() => void board.fetchNextPage()}
        emptyText="No Matching Loads Found"
      >
        {state.filters.pageView === 'map' ? <LoadMap loads={items} /> : undefined}
      </ListLayout>
    </Stack>
  );
}
