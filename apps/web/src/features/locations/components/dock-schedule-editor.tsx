import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DockSchedule, DockHoursEntry } from '@portal/contract';
import {
  completeDockHours,
  DAY_NAMES,
  DEFAULT_DOCK_HOURS,
  DEFAULT_DOCK_SCHEDULE_MODES,
  DockStopType,
  EQUIPMENT_CATEGORIES,
  EQUIPMENT_CATEGORY_DISPLAY_NAMES,
  LOAD_TYPE_DISPLAY_NAMES,
  LOAD_TYPES,
  LOCATION_MESSAGES,
  LOCATION_UPDATE_NOTIFICATION_MS,
  type EquipmentCategory,
  type LoadType,
} from '@portal/domain';
import { useState } from 'react';
import { toast } from '../../../shared/notifications';
import { useSaveDockSchedule } from '../api/locations-api';

interface DockScheduleDraft {
  name: string;
  isAppointmentRequired: boolean;
  equipmentModes: number[];
  shippingModes: number[];
  stopTypes: string[];
  dockHours: DockHoursEntry[];
}

function draftOf(schedule: DockSchedule | null): DockScheduleDraft {
  return {
    name: schedule?.name ?? '',
    isAppointmentRequired: schedule?.isAppointmentRequired ?? false,
    equipmentModes: schedule?.equipmentModes ?? [...DEFAULT_DOCK_SCHEDULE_MODES.equipmentModes],
    shippingModes: schedule?.shippingModes ?? [...DEFAULT_DOCK_SCHEDULE_MODES.shippingModes],
    stopTypes: schedule?.stopTypes ?? [...DEFAULT_DOCK_SCHEDULE_MODES.stopTypes],
    dockHours: schedule?.dockHours.length
      ? schedule.dockHours
      : DEFAULT_DOCK_HOURS.map((entry) => ({ ...entry })),
  };
}

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...new Set([...list, value])] : list.filter((held) => held !== value);

function Choices<T extends string | number>({
  legend,
  options,
  chosen,
  label,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  chosen: readonly T[];
  label(option: T): string;
  onChange(next: T[]): void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            label={label(option)}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(option)}
                onChange={(event) => onChange(toggled(chosen, option, event.target.checked))}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}

/**
 * One dock schedule of a location: name, modes, stop types and the hours of each day (closed, 24
 * hours, or from and to). Saving shows the spec's 4000 ms notice.
 */
export function DockScheduleEditor({
  locationNumber,
  schedule,
  onDone,
}: {
  locationNumber: string;
  schedule: DockSchedule | null;
  onDone?: () => void;
}) {
  const save = useSaveDockSchedule(locationNumber);
  const [draft, setDraft] = useState(() => draftOf(schedule));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<DockScheduleDraft>) =>
    setDraft((current) => ({ ...current, ...change }));
  const setDay = (dayOfWeek: number, change: Partial<DockHoursEntry>) =>
    set({
      dockHours: draft.dockHours.map((entry) =>
        entry.dayOfWeek === dayOfWeek ? { ...entry, ...change } : entry,
      ),
    });

  const submit = async () => {
    const name = draft.name.trim();
    const hours = completeDockHours(draft.dockHours);
    const empty = [
      [name === '', 'Enter the dock schedule name'],
      [draft.equipmentModes.length === 0, 'Choose at least one equipment mode'],
      [draft.shippingModes.length === 0, 'Choose at least one shipping mode'],
      [draft.stopTypes.length === 0, 'Choose Shipping, Receiving or both'],
    ] as const;
    const first = empty.find(([failed]) => failed)?.[1] ?? (hours.ok ? null : hours.message);
    setProblem(first);
    if (first) return;
    await save.mutateAsync({
      scheduleId: schedule?.id,
      body: {
        ...draft,
        name,
        stopTypes: draft.stopTypes as ('Shipping' | 'Receiving')[],
        ...(schedule ? { version: schedule.version } : {}),
      },
    });
    toast.success(LOCATION_MESSAGES.dockScheduleSaved, {
      autoHideDuration: LOCATION_UPDATE_NOTIFICATION_MS,
    });
    onDone?.();
  };

  const label = schedule ? `Dock schedule ${schedule.name}` : 'New dock schedule';
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            size="small"
            label="Dock schedule name"
            required
            value={draft.name}
            onChange={(event) => set({ name: event.target.value })}
          />
          <FormControlLabel
            label="Appointment required"
            control={
              <Checkbox
                checked={draft.isAppointmentRequired}
                onChange={(event) => set({ isAppointmentRequired: event.target.checked })}
              />
            }
          />
        </Stack>
        <Choices
          legend="Equipment modes"
          options={EQUIPMENT_CATEGORIES}
          chosen={draft.equipmentModes}
          label={(mode) => EQUIPMENT_CATEGORY_DISPLAY_NAMES[mode as EquipmentCategory]}
          onChange={(equipmentModes) => set({ equipmentModes })}
        />
        <Choices
          legend="Shipping modes"
          options={LOAD_TYPES}
          chosen={draft.shippingModes}
          label={(mode) => LOAD_TYPE_DISPLAY_NAMES[mode as LoadType]}
          onChange={(shippingModes) => set({ shippingModes })}
        />
        <Choices
          legend="Stop types"
          options={[DockStopType.Shipping, DockStopType.Receiving]}
          chosen={draft.stopTypes}
          label={(type) => type}
          onChange={(stopTypes) => set({ stopTypes })}
        />
        <Box role="group" aria-label="Dock hours">
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            Dock hours
          </Typography>
          <Stack spacing={1}>
            {draft.dockHours.map((entry) => {
              const day = DAY_NAMES[entry.dayOfWeek]!;
              const open = !entry.isClosed && !entry.isTwentyFourHour;
              return (
                <Stack
                  key={entry.dayOfWeek}
                  role="group"
                  aria-label={day}
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography sx={{ width: 96 }}>{day}</Typography>
                  <FormControlLabel
                    label="Closed"
                    control={
                      <Checkbox
                        size="small"
                        checked={entry.isClosed}
                        onChange={(event) =>
                          setDay(entry.dayOfWeek, {
                            isClosed: event.target.checked,
                            ...(event.target.checked ? { isTwentyFourHour: false } : {}),
                          })
                        }
                      />
                    }
                  />
                  <FormControlLabel
                    label="24 hours"
                    control={
                      <Checkbox
                        size="small"
                        checked={entry.isTwentyFourHour}
                        onChange={(event) =>
                          setDay(entry.dayOfWeek, {
                            isTwentyFourHour: event.target.checked,
                            ...(event.target.checked ? { isClosed: false } : {}),
                          })
                        }
                      />
                    }
                  />
                  <TextField
                    size="small"
                    type="time"
                    label="Opens"
                    disabled={!open}
                    value={entry.startTime}
                    onChange={(event) => setDay(entry.dayOfWeek, { startTime: event.target.value })}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { 'aria-label': `${day} opens` },
                    }}
                    sx={{ width: 130 }}
                  />
                  <TextField
                    size="small"
                    type="time"
                    label="Closes"
                    disabled={!open}
                    value={entry.endTime}
                    onChange={(event) => setDay(entry.dayOfWeek, { endTime: event.target.value })}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { 'aria-label': `${day} closes` },
                    }}
                    sx={{ width: 130 }}
                  />
                </Stack>
              );
            })}
          </Stack>
        </Box>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={save.isPending}
            onClick={() => void submit().catch(() => undefined)}
          >
            Save Dock Schedule
          </Button>
          {onDone ? <Button onClick={onDone}>Cancel</Button> : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
