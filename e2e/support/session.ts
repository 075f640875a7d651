import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, forgetSignIn, signIn as signInThroughProvider } from './identity';

/**
 * Signs the browser in as a demo user through the portal's sign-in (session cookie), and answers a
 * bearer token for the same user, with which the test reads the API to find its data.
 */
export async function signIn(page: Page, request: APIRequestContext, email: string) {
  // A second sign-in in one test starts afresh: no portal session, no provider session.
  await forgetSignIn(page);
  await signInThroughProvider(page, email);
  return tokenFor(request, email);
}

export async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/authorize', {
    data: { emailAddress: email, password: DEMO_PASSWORD },
  });
  if (!response.ok()) throw new Error(`Sign-in as ${email} failed: ${response.status()}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

interface CaseSummary {
  id: string;
  caseNumber: string;
  shipment: { id: string; shipmentNumber: string } | null;
  dropoffs: { stopId: string; stopNumber: number; city: string; state: string }[];
}

/**
 * An accessorial request the user's company is involved in, with a shipment and a dropoff: case
 * numbers are tried in order through the cases API (the demo world numbers them from 90001).
 */
export async function involvedCase(
  request: APIRequestContext,
  token: string,
  skip = 0,
): Promise<CaseSummary> {
  let found = 0;
  for (let number = 90001; number < 90400; number++) {
    const response = await request.get(`/api/v2/cases/${number}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok()) continue;
    const { data } = (await response.json()) as { data: CaseSummary };
    if (!data.shipment || data.dropoffs.length === 0) continue;
    if (found++ === skip) return data;
  }
  throw new Error('No accessorial request of this company in the demo world');
}
