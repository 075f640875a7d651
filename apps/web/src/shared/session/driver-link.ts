import type { DriverSessionResponse } from '@portal/contract';
import { apiRequest } from '../api/client';

export const DRIVER_TOKEN_PARAM = 'driverToken';

/** The driver link's token in the address, if the page was opened from one. */
export function driverTokenIn(search: string): string | undefined {
  return new URLSearchParams(search).get(DRIVER_TOKEN_PARAM) ?? undefined;
}

/** The address without the token, so it is not kept in history or shared by accident. */
export function withoutDriverToken(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string {
  const query = new URLSearchParams(location.search);
  query.delete(DRIVER_TOKEN_PARAM);
  const text = query.toString();
  return `${location.pathname}${text ? `?${text}` : ''}${location.hash}`;
}

/** Exchanges the token for a driver session (driver app mode). */
export async function openDriverSession(driverToken: string): Promise<string> {
  const answer = await apiRequest<DriverSessionResponse>('/auth/driver-session', {
    method: 'POST',
    body: { driverToken },
  });
  return answer.data.landing;
}
