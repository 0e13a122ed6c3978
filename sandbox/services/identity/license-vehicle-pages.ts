/**
 * Walks every vehicle a license may use through the identity API the way DIMO's is walked: `first: 100` pages of
 * `vehicles(filterBy: {privileged})`, each after the previous page's end cursor, asking for the fields the
 * dashboard's vehicle list asks for (lib/dimo/identity.ts). For tests and the fleet bench.
 */

interface LicenseVehicle {
  tokenId: number;
  name: string;
  definition: { id: string; make: string; model: string; year: number };
  sacd: { permissions: string; expiresAt: string } | null;
}

export interface LicenseVehiclePage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: { cursor: string; node: LicenseVehicle }[];
}

const PAGE_QUERY = `query LicenseVehicles($client: Address!, $after: String) {
  vehicles(filterBy: {privileged: $client}, first: 100, after: $after) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges {
      cursor
      node {
        tokenId tokenDID owner mintedAt name imageURI definition { id make model year }
        sacd(grantee: $client) { permissions expiresAt }
      }
    }
  }
}`;

export async function fetchLicenseVehiclePage(
  identityUrl: string,
  clientId: string,
  after: string | null,
): Promise<LicenseVehiclePage> {
  const response = await fetch(identityUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: PAGE_QUERY, variables: { client: clientId, after } }),
  });
  const body = (await response.json()) as { data?: { vehicles?: LicenseVehiclePage }; errors?: { message: string }[] };
  if (!response.ok || !body.data?.vehicles) {
    throw new Error(`identity page after ${after ?? "the start"}: ${response.status} ${JSON.stringify(body.errors)}`);
  }
  return body.data.vehicles;
}

/** Every page in order, until one says there is no next page. */
export async function fetchAllLicenseVehiclePages(
  identityUrl: string,
  clientId: string,
): Promise<LicenseVehiclePage[]> {
  const pages: LicenseVehiclePage[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchLicenseVehiclePage(identityUrl, clientId, after);
    pages.push(page);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return pages;
    after = page.pageInfo.endCursor;
  }
}
