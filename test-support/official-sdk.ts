import { DIMO, DimoConstants, DimoEnvironment } from "@dimo-network/data-sdk";
import { sandboxUrls } from "@/lib/demo-license";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";

/**
 * DIMO's published data SDK, unchanged, pointed at a sandbox. The SDK has no option for custom base URLs: it looks
 * its hosts up in its exported DimoEnvironment and DimoConstants by environment name, also inside getDeveloperJwt
 * and getVehicleJwt, so a test registers one more environment there that names the sandbox's addresses. Everything
 * else is the SDK's own code.
 */

type EnvironmentName = keyof typeof DimoEnvironment;

/** The SDK with an environment `name` whose every host is the sandbox at `sandboxUrl`. */
export function sdkAgainstSandbox(name: string, sandboxUrl: string): DIMO {
  const urls = sandboxUrls(sandboxUrl);
  const environments = DimoEnvironment as unknown as Record<string, Record<string, string>>;
  environments[name] = {
    ...DimoEnvironment.Production,
    Auth: urls.auth,
    Identity: `${urls.identity}/query`,
    TokenExchange: urls.tokenExchange,
    Trips: urls.trips,
    Valuations: urls.valuations,
    Telemetry: `${sandboxUrl}/telemetry/query`,
    Attestation: `${sandboxUrl}/attestation`,
    VehicleTriggers: `${sandboxUrl}/vehicle-triggers`,
    Fetch: `${urls.fetch}/query`,
  };
  // The SDK signs the challenge locally; its RPC address is never called, so it points at the sandbox too.
  (DimoConstants as Record<string, unknown>)[name] = { NFT_address: VEHICLE_NFT_CONTRACT, RPC_provider: sandboxUrl };
  return new DIMO(name as EnvironmentName);
}

/**
 * One of the SDK's methods by name. It builds them at run time from tables of endpoints and queries, and its type
 * declarations do not list them.
 */
export function sdkMethod<T>(resource: object, name: string): (params?: Record<string, unknown>) => Promise<T> {
  const method: unknown = Reflect.get(resource, name);
  if (typeof method !== "function") throw new Error(`The SDK has no method ${name}.`);
  return async (params) => (await method.call(resource, params)) as T;
}
