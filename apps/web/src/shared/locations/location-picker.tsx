import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Location } from '@portal/contract';
import { checkAddress, NEW_LOCATION_NUMBER, type CountryCode } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../ui/use-debounced-value';
import { useGeocodedPostalCode, useUsableLocations } from './location-queries';

/** An address typed in for a stop whose location is not on file (its number is "N/A"). */
export interface TypedInLocation {
  name: string;
  addressLine1: string;
  city: string;
  province: string;
  postalCode: string;
  /** CA when the postal code is Canadian, otherwise US (data-operations section 5). */
  country: CountryCode;
}

/** What the picker holds: a location on file by its number, or one typed in as "N/A". */
export type LocationChoice =
  | { locationNumber: string; location: Location; typedIn?: undefined }
  | { locationNumber: typeof NEW_LOCATION_NUMBER; typedIn: TypedInLocation; location?: undefined };

export interface LocationPickerProps {
  /** The field's label, e.g. "Pickup location". */
  label: string;
  value: LocationChoice | null;
  onChange(choice: LocationChoice | null): void;
  /** A message from the form (shown under the search field). */
  error?: string | undefined;
  disabled?: boolean;
}

const SEARCH_DEBOUNCE_MS = 300;
const TYPE_IN_OPTION = 'type-in';
type Option = Location | typeof TYPE_IN_OPTION;

const EMPTY_TYPED_IN: TypedInLocation = {
  name: '',
  addressLine1: '',
  city: '',
  province: '',
  postalCode: '',
  country: 'US',
};

export function describeLocation(location: Location): string {
  return `#${location.locationNumber} ${location.name} - ${location.city}, ${location.province} ${location.postalCode}`;
}

/**
 * Picks a stop's location: search the locations on file by number, name or city (10 at a time), or
 * choose "N/A" and type the address in. A typed postal code is placed over the portal's ZIP table
 * (city, state and country filled in when left empty) and checked by the section 5 rules.
 */
export function LocationPicker({ label, value, onChange, error, disabled }: LocationPickerProps) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const selectedLabel = value?.location ? describeLocation(value.location) : '';
  const typing = q !== '' && q !== selectedLabel;
  const found = useUsableLocations(q, typing);
  const options: Option[] = [...(found.data?.data ?? []), TYPE_IN_OPTION];

  if (value?.typedIn) {
    return (
      <TypedInFields
        label={label}
        typedIn={value.typedIn}
        disabled={disabled}
        onChange={(typedIn) => onChange({ locationNumber: NEW_LOCATION_NUMBER, typedIn })}
        onSearchInstead={() => onChange(null)}
      />
    );
  }
  return (
    <Autocomplete<Option>
      size="small"
      disabled={disabled}
      options={options}
      value={value?.location ?? null}
      filterOptions={(all) => all}
      getOptionLabel={(option) =>
        option === TYPE_IN_OPTION ? 'N/A - type in a new address' : describeLocation(option)
      }
      getOptionKey={(option) => (option === TYPE_IN_OPTION ? TYPE_IN_OPTION : option.id)}
      isOptionEqualToValue={(option, current) =>
        option !== TYPE_IN_OPTION && current !== TYPE_IN_OPTION && option.id === current.id
      }
      loading={found.isFetching}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      onChange={(_event, option) => {
        if (option === TYPE_IN_OPTION)
          onChange({ locationNumber: NEW_LOCATION_NUMBER, typedIn: EMPTY_TYPED_IN });
        else onChange(option ? { locationNumber: option.locationNumber, location: option } : null);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder="Location number, name or city"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

function TypedInFields({
  label,
  typedIn,
  disabled,
  onChange,
  onSearchInstead,
}: {
  label: string;
  typedIn: TypedInLocation;
  disabled?: boolean | undefined;
  onChange(typedIn: TypedInLocation): void;
  onSearchInstead(): void;
}) {
  const postalCode = useDebouncedValue(typedIn.postalCode.trim(), SEARCH_DEBOUNCE_MS);
  const place = useGeocodedPostalCode(postalCode);
  const check =
    typedIn.postalCode.trim() && typedIn.province.trim()
      ? checkAddress({ province: typedIn.province, postalCode: typedIn.postalCode })
      : undefined;

  // A postal code the ZIP table knows fills the city and state left empty.
  const placed = place.data;
  useEffect(() => {
    if (!placed) return;
    if (typedIn.city.trim() && typedIn.province.trim()) return;
    onChange({
      ...typedIn,
      city: typedIn.city.trim() ? typedIn.city : placed.city,
      province: typedIn.province.trim() ? typedIn.province : placed.province,
      country: placed.country,
    });
    // Only a newly placed postal code fills anything in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed]);

  const set = (field: keyof TypedInLocation) => (event: { target: { value: string } }) => {
    const next = { ...typedIn, [field]: event.target.value };
    const checked = checkAddress({ province: next.province, postalCode: next.postalCode });
    onChange({ ...next, country: checked.ok ? checked.address.country : next.country });
  };
  const fieldError = (field: 'province' | 'postalCode') =>
    check && !check.ok && check.field === field ? check.message : undefined;
  const placedText = placed
    ? `${placed.city}, ${placed.province}, ${placed.country}${placed.ianaTimezone ? ` (${placed.ianaTimezone})` : ''}`
    : undefined;
  const field = (
    name: keyof Omit<TypedInLocation, 'country'>,
    fieldLabel: string,
    hint?: string,
  ) => {
    const error = name === 'province' || name === 'postalCode' ? fieldError(name) : undefined;
    return (
      <TextField
        size="small"
        label={fieldLabel}
        value={typedIn[name]}
        onChange={set(name)}
        disabled={disabled}
        required
        error={Boolean(error)}
        helperText={error ?? hint}
      />
    );
  };

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography component="legend" variant="caption" sx={{ px: 0.5 }}>
        {label}: N/A (new address)
      </Typography>
      <Stack spacing={1.5}>
        {field('name', 'Location name')}
        {field('addressLine1', 'Address')}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {field('postalCode', 'ZIP or postal code', placedText)}
          {field('city', 'City')}
          {field('province', 'State or province')}
        </Stack>
        <Box>
          <Button size="small" onClick={onSearchInstead} disabled={disabled}>
            Search locations instead
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
