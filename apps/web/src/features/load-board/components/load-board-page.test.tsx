import { waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubServer } from '../../../shared/test/render';
import { LoadBoardPage, originLocationsOf } from './load-board-page';

afterEach(() => vi.unstubAllGlobals());

const json200 = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function server() {
  return stubServer(({ url }) => {
    const { pathname } = new URL(url, 'http://portal.test');
    if (pathname === '/api/v2/load_board')
      return json200({ data: [], page: 1, pageSize: 50, totalCount: 0 });
    if (pathname === '/api/v2/saved_lanes')
      return json200({ data: [], page: 1, pageSize: 50, totalCount: 0 });
    return undefined;
  });
}

describe('the load board search', () => {
  it('reads more origins as ZIP or postal codes separated by commas', () => {
    expect(originLocationsOf(' 30303, m5v  2t6 ,,75201 ')).toEqual(['30303', 'M5V 2T6', '75201']);
    expect(originLocationsOf('')).toEqual([]);
  });

  it('sends the more origins of a shared link with the rest of its search', async () => {
    const { calls } = server();
    renderWithProviders(
      <MemoryRouter
        initialEntries={[
          '/reloads?originPostalCode=60601&originRadius=50&originLocations=30303,%20m5v%202t6',
        ]}
      >
        <Routes>
          <Route path="/reloads" element={<LoadBoardPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/api/v2/load_board'))).toBe(true),
    );
    const search = new URL(
      calls.find((call) => call.url.includes('/api/v2/load_board'))!.url,
      'http://portal.test',
    ).searchParams;
    expect(search.get('originPostalCode')).toBe('60601');
    expect(search.get('originRadius')).toBe('50');
    expect(search.get('originLocations')).toBe('30303,M5V 2T6');
  });
});
