import "server-only";
import { type DeveloperTokenInfo, type TokenOverview, type VehicleTokenInfo } from "@/lib/models";
import { onBehalfOfVehicle } from "../activity";
import { developerInfo, vehicleInfo } from "../tokens";
import { type ClientContext, assertPositiveInteger } from "./context";

/** The token inspector's part of the DIMO client: what the cached tokens say, their refresh, and a raw copy. */

export interface TokenMethods {
  describeTokens(): Promise<TokenOverview>;
  refreshDeveloperToken(): Promise<DeveloperTokenInfo>;
  refreshVehicleToken(tokenId: number): Promise<VehicleTokenInfo>;
  /** The raw token, for an explicit "copy token" action only: never log it or send it anywhere else. */
  getRawToken(kind: "developer" | "vehicle", tokenId?: number): Promise<string>;
}

export function tokenMethods({ tokens, directory, privilegesOf }: ClientContext): TokenMethods {
  return {
    async describeTokens() {
      return { developer: await tokens.describeDeveloperJwt(), vehicles: await tokens.describeVehicleJwts() };
    },

    async refreshDeveloperToken() {
      await tokens.dropDeveloperJwt();
      return developerInfo(await tokens.getDeveloperJwt());
    },

    async refreshVehicleToken(tokenId) {
      assertPositiveInteger(tokenId, "tokenId");
      await tokens.dropVehicleJwts(tokenId);
      // A refresh also re-reads the grant, so a token minted now reflects what the owner shares now.
      directory.forget(tokenId);
      return onBehalfOfVehicle(tokenId, async () => {
        const privileges = await privilegesOf(tokenId);
        return vehicleInfo(await tokens.getVehicleJwt(tokenId, privileges), { tokenId, privileges });
      });
    },

    async getRawToken(kind, tokenId) {
      if (kind === "developer") return tokens.getDeveloperJwt();
      if (tokenId === undefined) throw new TypeError("getRawToken('vehicle') needs a tokenId");
      return onBehalfOfVehicle(tokenId, async () => tokens.getVehicleJwt(tokenId, await privilegesOf(tokenId)));
    },
  };
}
