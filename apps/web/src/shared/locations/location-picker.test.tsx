import type { Location } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubServer } from '../test/render';
import { LocationPicker, type LocationChoice } from './location-picker';

afterEach(() => vi.unstubAllGlobals());

const fargo: Location = {
  id: '0b7f3f2e-4a1c-4d57-9a43-0f5a1d2b3c4d',
  locationNumber: '100234',
  name: 'Fargo Warehouse',
  locationType: 'Warehouse',
  isPrimaryLocation: false,
  lumpersAvailable: false,
  isAppointmentRequired: false,
  overnightParking: false,
  addressLine1: '2500 Main Ave',
  addressLine2: null,
  city: 'Fargo',
  province: 'ND',
  postalCode: '58102',
  country: 'US',
  phoneNumbers: [],
  ediCodes: [],
  email: null,
  dockLength: null,
  directions: null,
  latitude: 46.9,
  longitude: -96.8,
  ianaTimezone: 'America/Chicago',
  companyId: '1b7f3f2e-4a1c-4d57-9a43-0f5a1d2b3c4d',
  companyName: 'Bridge Brokerage',
  version: 1,
};

let latest: LocationChoice | null = null;
function Harness() {
  const [choice, setChoice] = useState<LocationChoice | null>(null);
  latest = choice;
  return <LocationPicker label="Pickup location" value={choice} onChange={setChoice} />;
}

describe('LocationPicker', () => {
  it('finds locations on file by what is typed and picks one by its number', async () => {
    const server = stubServer(({ url }) =>
      url.startsWith('/api/v1/locations/all')
        ? json(200, { data: [fargo], page: 1, pageSize: 10, totalCount: 1 })
        : undefined,
    );
    renderWithProviders(<Harness />);
    // A person types into the focused field (MUI resets an unfocused one).
    screen.getByLabelText('Pickup location').focus();
    fireEvent.input(screen.getByLabelText('Pickup location'), { target: { value: 'farg' } });
    const option = await screen.findByRole(
      'option',
      { name: '#100234 Fargo Warehouse - Fargo, ND 58102' },
      { timeout: 5000 },
    );
    expect(server.calls[0]?.url).toBe('/api/v1/locations/all?q=farg&pageSize=10');
    expect(screen.getByRole('option', { name: 'N/A - type in a new address' })).toBeTruthy();
    fireEvent.click(option);
    expect(latest).toEqual({ locationNumber: '100234', location: fargo });
  });

  it('takes a typed-in "N/A" address: a Canadian postal code makes it CA and fills the city and province', async () => {
    stubServer(({ url }) => {
      if (url.startsWith('/api/v1/locations/all'))
        return json(200, { data: [], page: 1, pageSize: 10, totalCount: 0 });
      if (url.startsWith('/api/v1/locations/geocode'))
        return json(200, {
          data: {
            addressLine1: null,
            city: 'Ottawa',
            province: 'ON',
            postalCode: 'K1P 5N2',
            country: 'CA',
            latitude: 45.4,
            longitude: -75.7,
            ianaTimezone: 'America/Toronto',
            source: 'postalCode',
          },
        });
      return undefined;
    });
    renderWithProviders(<Harness />);
    screen.getByLabelText('Pickup location').focus();
    fireEvent.input(screen.getByLabelText('Pickup location'), { target: { value: 'new' } });
    fireEvent.click(await screen.findByRole('option', { name: 'N/A - type in a new address' }));
    expect(latest?.locationNumber).toBe('N/A');

    fireEvent.input(screen.getByLabelText(/^Location name/), { target: { value: 'Ottawa DC' } });
    fireEvent.input(screen.getByLabelText(/^Address/), { target: { value: '120 Bank St' } });
    fireEvent.input(screen.getByLabelText(/^ZIP or postal code/), {
      target: { value: 'K1P 5N2' },
    });
    await waitFor(() => expect(latest?.typedIn?.city).toBe('Ottawa'));
    expect(latest).toEqual({
      locationNumber: 'N/A',
      typedIn: {
        name: 'Ottawa DC',
        addressLine1: '120 Bank St',
        city: 'Ottawa',
        province: 'ON',
        postalCode: 'K1P 5N2',
        country: 'CA',
      },
    });
    expect(screen.getByText('Ottawa, ON, CA (America/Toronto)')).toBeTruthy();

    // A US state with a Canadian postal code is named as the fault.
    fireEvent.input(screen.getByLabelText(/^State or province/), { target: { value: 'Texas' } });
    expect(
      screen.getByText('TX is not a Canadian province; a Canadian postal code needs one'),
    ).toBeTruthy();
  });
});
