import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { FleetPowerUnit, FleetTrailer } from '@portal/contract';
import {
  EQUIPMENT_MESSAGES,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  equipmentTabLabel,
  TRAILER_EQUIPMENT_TYPES,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListLayout, useFilterDraft, useListUrlState } from '../../../shared/list-layout';
import { toast } from '../../../shared/notifications';
import {
  useEquipmentCount,
  useEquipmentList,
  useRetireEquipment,
  type EquipmentFilters,
  type EquipmentKind,
} from '../api/equipment-api';
import { PowerUnitCard, TrailerCard } from './equipment-card';
import { PowerUnitDialog } from './power-unit-dialog';
import { TrailerDialog } from './trailer-dialog';

// The search is written to the address (and asked for) this long after the last key.
const SEARCH_DEBOUNCE_MS = 500;

const DEFAULT_FILTERS = { make: '', equipmentTypes: '' };
type FilterValues = typeof DEFAULT_FILTERS;

type Editing<T> = { item: T | null } | null;

/**
 * /equipment and /equipment/trailers show trailers, /equipment/power-units power units, under the
 * tabs "Trailers (count)" and "Power Units (count)"; views In Service and Retired, search, filters.
 */
export function EquipmentPage({ kind }: { kind: EquipmentKind }) {
  const list = useListUrlState<FilterValues>({
    defaultView: 'active',
    defaultFilters: DEFAULT_FILTERS,
  });
  const [searchText, setSearchText] = useState(list.search);
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const [editingTrailer, setEditingTrailer] = useState<Editing<FleetTrailer>>(null);
  const [editingUnit, setEditingUnit] = useState<Editing<FleetPowerUnit>>(null);
  const [retiring, setRetiring] = useState<{ id: string; name: string } | null>(null);
  const retire = useRetireEquipment(kind);
  const { setSearch } = list;

  useEffect(() => {
    if (searchText === list.search) return;
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, list.search, setSearch]);

  const status: EquipmentFilters['status'] = list.view === 'retired' ? 'retired' : 'active';
  const filters = useMemo<EquipmentFilters>(
    () => ({
      status,
      ...(list.search ? { q: list.search } : {}),
      ...(list.filters.make ? { make: list.filters.make } : {}),
      ...(kind === 'trailers' && list.filters.equipmentTypes
        ? { equipmentTypes: Number(list.filters.equipmentTypes) }
        : {}),
    }),
    [status, list.search, list.filters, kind],
  );
  const query = useEquipmentList(kind, filters);
  const trailerCount = useEquipmentCount('trailers', 'active').data;
  const powerUnitCount = useEquipmentCount('powerUnits', 'active').data;
  const activeCount = useEquipmentCount(kind, 'active').data;
  const retiredCount = useEquipmentCount(kind, 'retired').data;
  const isTrailers = kind === 'trailers';
  const noun = isTrailers ? 'Trailer' : 'Power Unit';

  // Pages of trailers or of power units: one list of either, told apart by their number field.
  const pages: { data: (FleetTrailer | FleetPowerUnit)[] }[] = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.data);

  const confirmRetire = () => {
    if (!retiring) return;
    retire.mutate(retiring.id, {
      onSuccess: () => {
        toast.success(
          isTrailers ? EQUIPMENT_MESSAGES.trailerRetired : EQUIPMENT_MESSAGES.powerUnitRetired,
        );
        setRetiring(null);
      },
    });
  };

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Tabs
        value={kind}
        aria-label="Equipment"
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, md: 2 }, flexShrink: 0 }}
      >
        <Tab
          value="trailers"
          label={equipmentTabLabel('trailers', trailerCount)}
          component={RouterLink}
          to="/equipment/trailers"
        />
        <Tab
          value="powerUnits"
          label={equipmentTabLabel('powerUnits', powerUnitCount)}
          component={RouterLink}
          to="/equipment/power-units"
        />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <ListLayout<FleetTrailer | FleetPowerUnit>
          views={[
            { value: 'active', label: 'In Service', count: activeCount },
            { value: 'retired', label: 'Retired', count: retiredCount },
          ]}
          view={status}
          onViewChange={list.setView}
          filters={
            <Stack spacing={2}>
              {isTrailers ? (
                <TextField
                  select
                  size="small"
                  label="Equipment type"
                  value={draft.equipmentTypes}
                  onChange={(event) => setDraft({ ...draft, equipmentTypes: event.target.value })}
                >
                  <MenuItem value="">Any</MenuItem>
                  {TRAILER_EQUIPMENT_TYPES.map((type) => (
                    <MenuItem key={type} value={String(type)}>
                      {EQUIPMENT_TYPE_DISPLAY_NAMES[type]}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              <TextField
                size="small"
                label="Make"
                value={draft.make}
                onChange={(event) => setDraft({ ...draft, make: event.target.value })}
              />
            </Stack>
          }
          onApplyFilters={applyDraft}
          onResetFilters={resetDraft}
          search={searchText}
          onSearchChange={setSearchText}
          searchPlaceholder={
            isTrailers
              ? 'Search trailers by number, plate or VIN'
              : 'Search power units by number, plate or VIN'
          }
          toolbar={
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() =>
                isTrailers ? setEditingTrailer({ item: null }) : setEditingUnit({ item: null })
              }
              sx={{ flexShrink: 0 }}
            >
              Add {noun}
            </Button>
          }
          items={items}
          getKey={(item) => item.id}
          renderItem={(item) =>
            'trailerNumber' in item ? (
              <TrailerCard
                trailer={item}
                onEdit={() => setEditingTrailer({ item })}
                onRetire={() => setRetiring({ id: item.id, name: `trailer ${item.trailerNumber}` })}
              />
            ) : (
              <PowerUnitCard
                powerUnit={item}
                onEdit={() => setEditingUnit({ item })}
                onRetire={() => setRetiring({ id: item.id, name: `power unit ${item.unitNumber}` })}
              />
            )
          }
          isLoading={query.isPending}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={() => void query.fetchNextPage()}
          emptyText={isTrailers ? EQUIPMENT_MESSAGES.noTrailers : EQUIPMENT_MESSAGES.noPowerUnits}
        />
      </Box>
      {editingTrailer ? (
        <TrailerDialog trailer={editingTrailer.item} onClose={() => setEditingTrailer(null)} />
      ) : null}
      {editingUnit ? (
        <PowerUnitDialog powerUnit={editingUnit.item} onClose={() => setEditingUnit(null)} />
      ) : null}
      <Dialog
        open={retiring !== null}
        onClose={() => setRetiring(null)}
        aria-labelledby="retire-title"
      >
        <DialogTitle id="retire-title">Retire {retiring?.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            It leaves the equipment list and can no longer be dispatched. Shipments it hauled keep
            it.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRetiring(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={confirmRetire}
            disabled={retire.isPending}
          >
            Retire
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export function TrailersPage() {
  return <EquipmentPage kind="trailers" />;
}

export function PowerUnitsPage() {
  return <EquipmentPage kind="powerUnits" />;
}
