import { beforeEach, describe, expect, it } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { DEMO_LICENSE, demoLandingRedirectUris, loginRedirectUriFor } from "@/lib/demo-license";
import { DEMO_GRANTED_VEHICLE_IDS, SEED_VEHICLES, VEHICLE_IDS } from "../../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();

interface GraphQLAnswer {
  status: number;
  data: Record<string, unknown> | null | undefined;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
}

async function query(source: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer> {
  const answer = await request(`${suite.url}/identity/query`, { method: "POST", json: { query: source, variables } });
  const body = answer.body as { data?: Record<string, unknown> | null; errors?: GraphQLAnswer["errors"] };
  return { status: answer.status, data: body.data, errors: body.errors };
}

const CLIENT = DEMO_LICENSE.clientId;
const b64 = (text: string) => Buffer.from(text).toString("base64");

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  nodes: { tokenId: number }[];
}

async function vehiclesPage(args: string): Promise<Page> {
  const answer = await query(
    `{ vehicles(filterBy: {privileged: "${CLIENT}"}, ${args}) {
        totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { tokenId } } }`,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.vehicles as Page;
}

const ids = (page: Page) => page.nodes.map((n) => n.tokenId);

beforeEach(async () => {
  await suite.control.reset();
});

describe("vehicles", () => {
  it("lists the vehicles granted to the license, highest token id first, with every field", async () => {
    const answer = await query(
      `query Shared($client: Address!) {
        vehicles(filterBy: {privileged: $client}, first: 100) {
          totalCount
          edges { cursor node { tokenId } }
          nodes {
            id tokenId tokenDID owner mintedAt name imageURI
            definition { id make model year }
            sacd(grantee: $client) { grantee permissions expiresAt createdAt source }
          }
        }
      }`,
      { client: CLIENT },
    );
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
    const connection = answer.data?.vehicles as {
      totalCount: number;
      edges: { cursor: string; node: { tokenId: number } }[];
      nodes: Record<string, unknown>[];
    };
    expect(connection.totalCount).toBe(DEMO_GRANTED_VEHICLE_IDS.length);
    expect(connection.nodes.map((n) => n.tokenId)).toEqual(DEMO_GRANTED_VEHICLE_IDS);
    expect(connection.edges.map((e) => e.cursor)).toEqual(DEMO_GRANTED_VEHICLE_IDS.map((id) => b64(String(id))));

    const tesla = connection.nodes.find((n) => n.tokenId === VEHICLE_IDS.manyTrips);
    const seed = SEED_VEHICLES.find((v) => v.tokenId === VEHICLE_IDS.manyTrips);
    expect(tesla).toMatchObject({
      tokenDID: vehicleDid(VEHICLE_IDS.manyTrips),
      owner: seed?.owner,
      name: seed?.name,
      imageURI: seed?.imageURI,
      definition: { id: "tesla_model-3_2022", make: "Tesla", model: "Model 3", year: 2022 },
      sacd: { grantee: CLIENT, permissions: "0x3ffc", source: expect.stringMatching(/^ipfs:\/\//) },
    });
    for (const node of connection.nodes) {
      expect(node.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(node.imageURI === "" || String(node.imageURI).startsWith("data:image/")).toBe(true);
      expect(node.mintedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const sacd = node.sacd as { createdAt: string; expiresAt: string };
      expect(Date.parse(sacd.createdAt)).toBeLessThan(Date.now());
      // Unexpired grants run about a year from seed time.
      expect(Date.parse(sacd.expiresAt) - Date.now()).toBeGreaterThan(300 * 24 * 3600_000);
    }
    const bmw = connection.nodes.find((n) => n.tokenId === VEHICLE_IDS.noTripsPrivilege);
    expect((bmw?.sacd as { permissions: string }).permissions).toBe("0xc0c");
  });

  it("leaves out expired grants and other licenses' vehicles, and includes owned vehicles", async () => {
    const granted = await vehiclesPage("first: 100");
    expect(ids(granted)).not.toContain(VEHICLE_IDS.expiredGrant);
    expect(ids(granted)).not.toContain(VEHICLE_IDS.notGranted);
    expect(ids(granted)).not.toContain(VEHICLE_IDS.grantedToOtherLicense);

    const owner = SEED_VEHICLES.find((v) => v.tokenId === VEHICLE_IDS.notGranted)?.owner ?? "";
    const owned = await query(
      `{ vehicles(filterBy: {privileged: "${owner.toLowerCase()}"}, first: 100) { nodes { tokenId owner } } }`,
    );
    const nodes = (owned.data?.vehicles as { nodes: { tokenId: number; owner: string }[] }).nodes;
    expect(nodes.map((n) => n.tokenId)).toContain(VEHICLE_IDS.notGranted);
    expect(nodes.every((n) => n.owner === owner)).toBe(true);

    const licenseOwner = await vehiclesPageFor(DEMO_LICENSE.owner.address);
    expect(licenseOwner).toEqual([]);
  });

  async function vehiclesPageFor(address: string): Promise<number[]> {
    const answer = await query(`{ vehicles(filterBy: {privileged: "${address}"}, first: 100) { nodes { tokenId } } }`);
    return (answer.data?.vehicles as { nodes: { tokenId: number }[] }).nodes.map((n) => n.tokenId);
  }

  it("judges grant expiry by the sandbox clock", async () => {
    await suite.control.advanceClock(366 * 24 * 3600);
    expect(await vehiclesPageFor(CLIENT)).toEqual([]);
    await suite.control.resetClock();
    expect(await vehiclesPageFor(CLIENT)).toHaveLength(DEMO_GRANTED_VEHICLE_IDS.length);
  });

  it("pages forward with first/after", async () => {
    const first = await vehiclesPage("first: 4");
    expect(ids(first)).toEqual(DEMO_GRANTED_VEHICLE_IDS.slice(0, 4));
    expect(first.totalCount).toBe(DEMO_GRANTED_VEHICLE_IDS.length);
    expect(first.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: b64(String(DEMO_GRANTED_VEHICLE_IDS[0])),
      endCursor: b64(String(DEMO_GRANTED_VEHICLE_IDS[3])),
    });
    // The following pages, to the last (whatever the number of vehicles, it takes more than two).
    let page = first;
    for (let from = 4; from < DEMO_GRANTED_VEHICLE_IDS.length; from += 4) {
      page = await vehiclesPage(`first: 4, after: "${page.pageInfo.endCursor}"`);
      expect(ids(page)).toEqual(DEMO_GRANTED_VEHICLE_IDS.slice(from, from + 4));
      expect(page.pageInfo.hasPreviousPage).toBe(true);
      expect(page.pageInfo.hasNextPage).toBe(from + 4 < DEMO_GRANTED_VEHICLE_IDS.length);
    }
    expect(DEMO_GRANTED_VEHICLE_IDS.length).toBeGreaterThan(8);
    const beyond = await vehiclesPage(`first: 4, after: "${page.pageInfo.endCursor}"`);
    expect(beyond.nodes).toEqual([]);
    expect(beyond.pageInfo).toMatchObject({ hasNextPage: false, startCursor: null, endCursor: null });
  });

  it("pages backward with last/before", async () => {
    const last = await vehiclesPage("last: 3");
    expect(ids(last)).toEqual(DEMO_GRANTED_VEHICLE_IDS.slice(-3));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await vehiclesPage(`last: 3, before: "${last.pageInfo.startCursor}"`);
    expect(ids(before)).toEqual(DEMO_GRANTED_VEHICLE_IDS.slice(-6, -3));
    expect(before.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  it("takes exactly one of first and last, at most 100", async () => {
    const cases: [string, string][] = [
      ["first: 101", "the value 101 for `first` exceeds the limit 100"],
      ["last: 250", "the value 250 for `last` exceeds the limit 100"],
      ["first: 2, last: 2", "pass `first` or `last`, but not both"],
      ['after: "MTA="', "provide `first` or `last`"],
      ["first: -1", "the value for `first` cannot be negative"],
    ];
    for (const [args, message] of cases) {
      const answer = await query(`{ vehicles(filterBy: {privileged: "${CLIENT}"}, ${args}) { totalCount } }`);
      expect(answer.status).toBe(200);
      expect(answer.errors?.[0]?.message).toBe(message);
      expect(answer.data).toBeNull();
    }
    const exactly100 = await vehiclesPage("first: 100");
    expect(exactly100.nodes).toHaveLength(DEMO_GRANTED_VEHICLE_IDS.length);
  });

  it("refuses a cursor that is not base64 of a token id", async () => {
    const answer = await query(`{ vehicles(first: 2, after: "not a cursor") { totalCount } }`);
    expect(answer.errors?.[0]?.message).toBe("invalid cursor");
  });
});

describe("vehicle", () => {
  it("returns one vehicle, with no grant to a grantee whose grant has expired, as the real service", async () => {
    const answer = await query(
      `{ vehicle(tokenId: ${VEHICLE_IDS.expiredGrant}) { tokenId sacd(grantee: "${CLIENT}") { permissions expiresAt } } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.vehicle).toEqual({ tokenId: VEHICLE_IDS.expiredGrant, sacd: null });
  });

  it("has no grant for a grantee that was never granted", async () => {
    const answer = await query(
      `{ vehicle(tokenId: ${VEHICLE_IDS.grantedToOtherLicense}) { sacd(grantee: "${CLIENT}") { permissions } } }`,
    );
    expect(answer.data?.vehicle).toEqual({ sacd: null });
  });

  it("answers NOT_FOUND for an unknown token id, over HTTP 200", async () => {
    const answer = await query("{ vehicle(tokenId: 5) { tokenId } }");
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ vehicle: null });
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors?.[0]).toMatchObject({
      message: "No vehicle with token id 5.",
      extensions: { code: "NOT_FOUND" },
    });
  });
});

describe("developerLicense", () => {
  it("finds the demo license by client id, with its redirect URIs and signers", async () => {
    const answer = await query(
      `{ developerLicense(by: {clientId: "${CLIENT.toLowerCase()}"}) {
          tokenId owner clientId alias
          redirectURIs(first: 10) { totalCount nodes { uri } }
          signers(first: 10) { totalCount nodes { address } }
        } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.developerLicense).toEqual({
      tokenId: DEMO_LICENSE.tokenId,
      owner: DEMO_LICENSE.owner.address,
      clientId: CLIENT,
      alias: DEMO_LICENSE.alias,
      redirectURIs: {
        totalCount: 4,
        // The last two, the dev dashboard's Sign in with DIMO address and its share landing page, are registered when
        // the sandbox starts.
        nodes: [
          { uri: DEMO_LICENSE.redirectUri },
          { uri: `${DEMO_LICENSE.redirectUri}/` },
          { uri: loginRedirectUriFor(DEMO_LICENSE.redirectUri) },
          ...demoLandingRedirectUris([loginRedirectUriFor(DEMO_LICENSE.redirectUri)]).map((uri) => ({ uri })),
        ],
      },
      signers: { totalCount: 1, nodes: [{ address: DEMO_LICENSE.apiKeySigner }] },
    });
  });

  it("answers NOT_FOUND for an address that is not a license", async () => {
    const answer = await query(`{ developerLicense(by: {clientId: "${DEMO_LICENSE.owner.address}"}) { tokenId } }`);
    expect(answer.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(answer.data).toEqual({ developerLicense: null });
  });
});

describe("GraphQL over HTTP", () => {
  it("answers 400 for a body that is not JSON or not a GraphQL request", async () => {
    const notJson = await request(`${suite.url}/identity/query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ vehicles { totalCount } }",
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ errors: [{ message: expect.any(String) }] });
    const noQuery = await request(`${suite.url}/identity/query`, { method: "POST", json: { variables: {} } });
    expect(noQuery.status).toBe(400);
  });

  it("answers syntax, validation and argument errors as GraphQL errors over HTTP 200", async () => {
    for (const source of [
      "{ vehicles(first: 2) { ",
      "{ vehicles(first: 2) { nope } }",
      `{ vehicles(first: 2, filterBy: {privileged: "0x12"}) { totalCount } }`,
    ]) {
      const answer = await query(source);
      expect(answer.status).toBe(200);
      expect(answer.errors?.length).toBeGreaterThan(0);
    }
  });
});
