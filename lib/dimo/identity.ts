import "server-only";
import { type z } from "zod";
import { type AppConfig } from "@/lib/config";
import { DimoError, isDimoError } from "./errors";
import { type HttpSettings, dimoFetch } from "./http";
import { type DeveloperLicense } from "@/lib/models";
import { parseResponse } from "./parse";
import {
  developerLicenseQuerySchema,
  deviceDefinitionsQuerySchema,
  type graphQLErrorSchema,
  vehicleQuerySchema,
  vehiclesQuerySchema,
} from "./schemas/identity";

/**
 * Queries to the identity API (GraphQL, no authentication). Values are written into the query as literals rather
 * than variables: the real API types addresses with its own scalar, and literals work whatever the declared type.
 * Every value is validated before it gets there (addresses from the config, integers, base64 cursors).
 */

export const IDENTITY_PATH = "/query";

type GraphQLError = z.output<typeof graphQLErrorSchema>;

function vehicleFields(clientId: string) {
  return `tokenId tokenDID owner mintedAt name imageURI definition { id make model year }
    sacd(grantee: ${JSON.stringify(clientId)}) { permissions expiresAt }`;
}

async function query(http: HttpSettings, identityUrl: string, text: string, tokenId?: number): Promise<unknown> {
  const response = await dimoFetch(http, {
    service: "identity",
    method: "POST",
    baseUrl: identityUrl,
    path: IDENTITY_PATH,
    body: { json: { query: text } },
    // Queries name only public values (token ids, the license's client id), so the log may keep them for replay.
    logBody: true,
    // A query changes nothing, so it is as safe to repeat as a GET.
    retry: "idempotent",
    ...(tokenId !== undefined ? { tokenId } : {}),
  });
  return response.body;
}

function graphQLFailure(errors: GraphQLError[]): DimoError {
  const first = errors[0];
  return new DimoError({
    service: "identity",
    status: 200,
    code: "BAD_REQUEST",
    message: `identity query failed: ${errors.map((e) => e.message).join("; ")}`,
    retryable: false,
    upstreamCode: first?.extensions?.code,
    upstreamMessage: first?.message,
  });
}

const isNotFound = (error: GraphQLError) =>
  error.extensions?.code === "NOT_FOUND" || /^No (vehicle|developer license)/i.test(error.message);

type Config = Pick<AppConfig, "license" | "urls">;

/** One vehicle with the license's grant on it; null when the identity API knows no such vehicle. */
export async function queryVehicle(http: HttpSettings, config: Config, tokenId: number) {
  const text = `{ vehicle(tokenId: ${tokenId}) { ${vehicleFields(config.license.clientId)} } }`;
  const body = parseResponse(
    vehicleQuerySchema,
    await query(http, config.urls.identity, text, tokenId),
    "identity",
    "vehicle",
  );
  if (body.errors && body.errors.length > 0) {
    if (body.errors.every(isNotFound)) return null;
    throw graphQLFailure(body.errors);
  }
  return body.data?.vehicle ?? null;
}

/** One page of the vehicles shared with (or owned by) the license, newest token first. */
export async function queryVehicles(http: HttpSettings, config: Config, first: number, after?: string) {
  const afterArg = after === undefined ? "" : `, after: ${JSON.stringify(after)}`;
  const text = `{ vehicles(filterBy: { privileged: ${JSON.stringify(config.license.clientId)} }, first: ${first}${afterArg}) {
    totalCount pageInfo { hasNextPage endCursor } nodes { ${vehicleFields(config.license.clientId)} } } }`;
  const body = parseResponse(
    vehiclesQuerySchema,
    await query(http, config.urls.identity, text),
    "identity",
    "vehicle list",
  );
  if (body.errors && body.errors.length > 0) throw graphQLFailure(body.errors);
  if (!body.data) throw graphQLFailure([{ message: "no data in the answer" }]);
  return body.data.vehicles;
}

/** Names of a combustion engine other than DIMO's `ICE`, read as it. */
const COMBUSTION_NAMES = new Set(["COMBUSTION", "GASOLINE", "DIESEL"]);

/** The attribute's value upper-cased (`BEV`, `PHEV`, `HEV`, `ICE`, `FCEV`), a combustion engine by any name as `ICE`. */
function powertrainType(value: string | null | undefined): string | null {
  const type = value?.trim().toUpperCase();
  if (!type) return null;
  return COMBUSTION_NAMES.has(type) ? "ICE" : type;
}

/** How many definitions one query asks for, by alias: a large fleet's models add a query or two to its walk. */
export const DEFINITIONS_PER_QUERY = 100;

/**
 * The powertrain (`BEV`, `ICE`...) of each device definition, from its `powertrain_type` attribute, in one query
 * (aliases `d0`, `d1`...); null for a definition the API does not know or that has no such attribute. The ids come
 * from the identity API's own answers and are written as JSON string literals.
 */
export async function queryPowertrains(
  http: HttpSettings,
  config: Config,
  definitionIds: readonly string[],
): Promise<Map<string, string | null>> {
  const ids = definitionIds.slice(0, DEFINITIONS_PER_QUERY);
  const fields = ids.map(
    (id, n) => `d${n}: deviceDefinition(by: { id: ${JSON.stringify(id)} }) { attributes { name value } }`,
  );
  const body = parseResponse(
    deviceDefinitionsQuerySchema,
    await query(http, config.urls.identity, `{ ${fields.join(" ")} }`),
    "identity",
    "device definitions",
  );
  // A definition the API does not know answers null with an error of its own; any other error fails the query.
  if (!body.data && body.errors && body.errors.length > 0) throw graphQLFailure(body.errors);
  return new Map(
    ids.map((id, n) => {
      const attributes = body.data?.[`d${n}`]?.attributes ?? [];
      return [id, powertrainType(attributes.find((attribute) => attribute.name === "powertrain_type")?.value)];
    }),
  );
}

const LICENSE_FIELDS = {
  plain: "tokenId owner clientId alias redirectURIs signers",
  connections:
    "tokenId owner clientId alias redirectURIs(first: 100) { nodes { uri } } signers(first: 100) { nodes { address } }",
};

type LicenseAnswer = z.output<typeof developerLicenseQuerySchema>;

/** The license itself; null when the identity API does not know the client id. */
async function queryDeveloperLicense(http: HttpSettings, config: Config) {
  const ask = async (fields: string): Promise<LicenseAnswer | undefined> => {
    const text = `{ developerLicense(by: { clientId: ${JSON.stringify(config.license.clientId)} }) { ${fields} } }`;
    try {
      const body = await query(http, config.urls.identity, text);
      return parseResponse(developerLicenseQuerySchema, body, "identity", "developer license");
    } catch (error) {
      // A query the server cannot validate comes back as a 4xx: the caller then asks in the other shape.
      if (isDimoError(error) && error.status !== null && error.status >= 400 && error.status < 500) return undefined;
      throw error;
    }
  };
  const refused = (answer: LicenseAnswer | undefined) =>
    answer === undefined ||
    ((answer.errors?.length ?? 0) > 0 && !answer.data?.developerLicense && !answer.errors?.every(isNotFound));

  // The real API (and the sandbox) serve redirect URIs and signers as connections; the contract's summary shows plain
  // lists. When one shape is refused, the other is asked for.
  let answer = await ask(LICENSE_FIELDS.connections);
  if (refused(answer)) answer = await ask(LICENSE_FIELDS.plain);
  if (answer === undefined) throw graphQLFailure([{ message: "the developer license query was refused" }]);
  if (answer.data?.developerLicense) return answer.data.developerLicense;
  if (!answer.errors || answer.errors.length === 0 || answer.errors.every(isNotFound)) return null;
  throw graphQLFailure(answer.errors);
}

/** The configured license; a DimoError when the identity API does not know it, since nothing works without it. */
export async function fetchDeveloperLicense(http: HttpSettings, config: Config): Promise<DeveloperLicense> {
  const license = await queryDeveloperLicense(http, config);
  if (!license) {
    throw new DimoError({
      service: "identity",
      status: 404,
      code: "NOT_FOUND",
      message: `DIMO's identity API does not know the Developer License ${config.license.clientId}. Check DIMO_CLIENT_ID.`,
      retryable: false,
    });
  }
  return {
    tokenId: license.tokenId,
    owner: license.owner,
    clientId: license.clientId,
    alias: license.alias ?? null,
    redirectURIs: license.redirectURIs ?? [],
    signers: license.signers ?? [],
  };
}
