import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { QuotableLocation } from '@portal/contract';
import { useState } from 'react';
import { useQuotableLocations } from '../api/load-board';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value';

/** What a picked place is in a search: a postal code (city or ZIP) or a state, and its name. */
export interface PickedPlace {
  postalCode: string;
  state: string;
  label: string;
}

const PICKER_DEBOUNCE_MS = 300;

/**
 * A city, state or ZIP from the quotable-location search over the real postal codes; clearing it
 * means "anywhere".
 */
export function PlacePicker({
  label,
  value,
  onChange,
  statesAllowed = true,
}: {
  label: string;
  value: PickedPlace | null;
  onChange(place: PickedPlace | null): void;
  statesAllowed?: boolean;
}) {
  const [text, setText] = useState(value?.label ?? '');
  const q = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const typing = q !== '' && q !== value?.label;
  const places = useQuotableLocations(typing ? q : '', statesAllowed ? undefined : ['ZipCode']);
  const options: QuotableLocation[] = places.data?.data ?? [];
  const selected: QuotableLocation | null = value
    ? {
        id: value.postalCode || value.state,
        type: value.postalCode ? 'ZipCode' : 'GoverningDistrict',
        name: value.label,
        city: null,
        state: value.state,
        postalCode: value.postalCode || null,
        latitude: null,
        longitude: null,
        ianaTimezone: null,
      }
    : null;
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={places.isFetching}
      noOptionsText={q ? 'No matching places' : 'Type a city, state or ZIP'}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      onChange={(_event, option) =>
        onChange(
          option
            ? {
                postalCode: option.postalCode ?? '',
                state: option.state,
                label:
                  option.type === 'ZipCode' && option.city
                    ? `${option.city}, ${option.state}`
                    : option.name,
              }
            : null,
        )
      }
      renderInput={(params) => <TextField {...params} label={label} placeholder="Anywhere" />}
    />
  );
}
