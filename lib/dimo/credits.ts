import "server-only";
import { vehicleDid } from "@/lib/protocol";
import { isDimoError } from "./errors";
import { type ClientContext, assertPositiveInteger } from "./facade/context";
import { dimoFetch } from "./http";
import { parseResponse } from "./parse";
import { assetUsageSchema, licenseUsageSchema } from "./credits-schemas";

/**
 * DIMO's credit tracker, read with the Developer JWT: what the license used over a range (credits, vehicles, grants
 * bought) and one vehicle's use with its balance now. Reads are retried like any idempotent request and paced.
 */

interface CreditRange {
  /** ISO 8601, inclusive. */
  from: string;
  /** ISO 8601, inclusive; open-ended when absent. */
  to?: string;
}

interface LicenseCredits {
  from: string;
  to: string | null;
  vehicles: number;
  grantsPurchased: number;
  creditsUsed: number;
}

interface VehicleCredits {
  tokenId: number;
  grantsPurchased: number;
  creditsUsed: number;
  /** The balance now, whatever the range. */
  remaining: number;
}

export interface CreditMethods {
  getLicenseCredits(range: CreditRange): Promise<LicenseCredits>;
  getVehicleCredits(tokenId: number, range: CreditRange): Promise<VehicleCredits>;
}

const SERVICE = "creditTracker";
/** Go's zero time: the report had no end. */
const GO_ZERO_TIME = /^0001-01-01T/;

const rangeQuery = (range: CreditRange) => ({
  fromDate: new Date(range.from).toISOString(),
  ...(range.to ? { toDate: new Date(range.to).toISOString() } : {}),
});

export function creditMethods({ http, config, tokens }: ClientContext): CreditMethods {
  async function read(path: string, range: CreditRange): Promise<unknown> {
    const send = async () =>
      (
        await dimoFetch(http, {
          service: SERVICE,
          method: "GET",
          baseUrl: config.urls.creditTracker,
          path,
          query: rangeQuery(range),
          // Dates name no one: the log keeps them, and the call can be replayed.
          loggedQuery: ["fromDate", "toDate"],
          bearer: await tokens.getDeveloperJwt(),
          tokenKind: "developer",
          retry: "idempotent",
        })
      ).body;
    try {
      return await send();
    } catch (error) {
      // A Developer JWT the service no longer takes is dropped, and the read tried once more with a fresh one.
      if (!(isDimoError(error) && error.service === SERVICE && error.status === 401)) throw error;
      await tokens.dropDeveloperJwt();
      return send();
    }
  }
  const licensePath = `/v1/credits/${config.license.clientId}`;

  return {
    async getLicenseCredits(range) {
      const body = parseResponse(licenseUsageSchema, await read(`${licensePath}/usage`, range), SERVICE, "usage");
      return {
        from: body.fromDate,
        to: GO_ZERO_TIME.test(body.toDate) ? null : body.toDate,
        vehicles: body.numOfAssets,
        grantsPurchased: body.numOfCreditsGrantsPurchased,
        creditsUsed: body.numOfCreditsUsed,
      };
    },

    async getVehicleCredits(tokenId, range) {
      assertPositiveInteger(tokenId, "tokenId");
      const did = encodeURIComponent(vehicleDid(tokenId, config.vehicleContract));
      const body = parseResponse(
        assetUsageSchema,
        await read(`${licensePath}/assets/${did}/usage`, range),
        SERVICE,
        "vehicle usage",
      );
      return {
        tokenId,
        grantsPurchased: body.numOfCreditsGrantsPurchased,
        creditsUsed: body.numOfCreditsUsed,
        remaining: body.currentCreditsRemaining,
      };
    },
  };
}
