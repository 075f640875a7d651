import createClient, { type Client } from 'openapi-fetch';
// Generated from the served OpenAPI document by openapi-contract.test.ts (openapi-typescript), not
// kept in git: that test type-checks this file against it, and `tsc -b` leaves this folder out.
import type { paths } from './schema.generated';

/** A script's client of the portal API, typed by the OpenAPI document alone. */
export type PortalClient = Client<paths>;

export function portalClient(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
): PortalClient {
  return createClient<paths>({ baseUrl, fetch });
}

/** Signs in as a script does: email address and password for a bearer token. */
export async function signIn(client: PortalClient, emailAddress: string, password: string) {
  const { data, error, response } = await client.POST('/api/v1/auth/authorize', {
    body: { emailAddress, password },
  });
  if (!data) throw new Error(`sign-in answered ${response.status}: ${JSON.stringify(error)}`);
  const { accessToken, expiresIn, user } = data.data;
  return { status: response.status, accessToken, expiresIn, userId: user.id };
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** The signed-in user. */
export async function currentUser(client: PortalClient, accessToken: string) {
  const { data, response } = await client.GET('/api/v1/me', { headers: bearer(accessToken) });
  const user = data?.data;
  return {
    status: response.status,
    id: user?.id,
    companyId: user?.companyId,
    companyKind: user?.companyKind,
    hasAcceptedAccessTermsAndConditions: user?.hasAcceptedAccessTermsAndConditions,
  };
}

/**
 * A page of the booking list, filtered by status and, if given, shipment number prefix; without a
 * page or page size, the server's defaults.
 */
export async function bookingList(
  client: PortalClient,
  accessToken: string,
  filters: { statuses: number[]; page?: number; pageSize?: number; numberPrefix?: string },
) {
  const { data, response } = await client.GET('/api/v2/shipments', {
    headers: bearer(accessToken),
    params: {
      query: {
        list: 'booking',
        statuses: filters.statuses,
        ...(filters.page === undefined ? {} : { page: filters.page }),
        ...(filters.pageSize === undefined ? {} : { pageSize: filters.pageSize }),
        ...(filters.numberPrefix ? { query: filters.numberPrefix } : {}),
      },
    },
  });
  return {
    status: response.status,
    page: data?.page,
    pageSize: data?.pageSize,
    totalCount: data?.totalCount,
    shipments: data?.data.map((shipment) => ({
      shipmentNumber: shipment.shipmentNumber,
      status: shipment.status.value,
      originPostalCode: shipment.origin.postalCode,
    })),
  };
}

/** A shipment by number: its number, or the problem the API answered. */
export async function shipment(client: PortalClient, accessToken: string, id: string) {
  const { data, error, response } = await client.GET('/api/v2/shipments/{id}', {
    headers: bearer(accessToken),
    params: { path: { id } },
  });
  return {
    status: response.status,
    shipmentNumber: data?.data.shipmentNumber,
    problem: error && { status: error.status, title: error.title, detail: error.detail },
  };
}

/**
 * Calls the generated types refuse. Never run: the test's type check fails when any of these
 * compiles, so a client with a wrong path or parameter cannot slip through.
 */
export function refusedByTheTypes(client: PortalClient) {
  // @ts-expect-error a path the API does not have
  void client.GET('/api/v1/no_such_path');
  // @ts-expect-error pageSize is a number
  void client.GET('/api/v2/shipments', { params: { query: { page: 1, pageSize: 'twenty' } } });
  void client.GET('/api/v2/shipments', {
    // @ts-expect-error no such list
    params: { query: { page: 1, pageSize: 20, list: 'everything' } },
  });
  // @ts-expect-error a shipment is read by its id, a path parameter
  void client.GET('/api/v2/shipments/{id}', { params: { path: {} } });
  // @ts-expect-error sign-in takes emailAddress, not email
  void client.POST('/api/v1/auth/authorize', { body: { email: 'a@b.test', password: 'x' } });
  return (answer: SignInAnswer) =>
    // @ts-expect-error the answer carries no refresh token
    answer.data.refreshToken;
}

type SignInAnswer =
  paths['/api/v1/auth/authorize']['post']['responses'][200]['content']['application/json'];
