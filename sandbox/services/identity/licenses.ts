import { GraphQLError } from "graphql";
import { getAddress } from "viem";
import { type SandboxContext } from "../../context";
import { isoSeconds } from "../../seed/times";
import { SANDBOX_CHAIN, SANDBOX_DEV_LICENSE_ADDRESS } from "@/lib/chain/sandbox-chain";
import { type LicenseRecord } from "../../chain/license-reader";
import { isGiven, notFound, optionalAddress, parseAddress, tokenIdOfDid } from "./lookups";
import { type PageArgs, pageByPosition, paginate, mapConnection } from "./paging";

function licenseNode(license: LicenseRecord) {
  return {
    tokenId: license.tokenId,
    tokenDID: `did:erc721:${SANDBOX_CHAIN.id}:${SANDBOX_DEV_LICENSE_ADDRESS}:${license.tokenId}`,
    owner: license.owner,
    clientId: license.clientId,
    alias: license.alias,
    mintedAt: isoSeconds(license.mintedAt),
    signers: (args: PageArgs) =>
      pageByPosition(license.signers, args, (s) => ({ address: s.address, enabledAt: isoSeconds(s.enabledAt) })),
    redirectURIs: (args: PageArgs) =>
      pageByPosition(license.redirectUris, args, (r) => ({ uri: r.uri, enabledAt: isoSeconds(r.enabledAt) })),
  };
}

interface LicenseBy {
  clientId?: unknown;
  alias?: string | null;
  tokenId?: number | null;
  tokenDID?: string | null;
}

/** One license, by exactly one key; NOT_FOUND in the real service's words otherwise. */
export async function findLicense(ctx: SandboxContext, by: LicenseBy) {
  const { clientId, alias, tokenId, tokenDID } = by;
  if ([clientId, alias, tokenId, tokenDID].filter(isGiven).length !== 1) {
    throw new GraphQLError("must specify exactly one of `clientId`, `alias`, `tokenId`, or `tokenDID`");
  }
  let license: LicenseRecord | undefined;
  let key: string;
  if (isGiven(clientId)) {
    license = await ctx.licenses.findByClientId(parseAddress(clientId, "clientId"));
    key = `client id ${getAddress(String(clientId))}.`;
  } else if (isGiven(alias)) {
    license = await ctx.licenses.findByAlias(alias);
    key = `alias ${JSON.stringify(alias)}.`;
  } else {
    const id = isGiven(tokenId) ? tokenId : tokenIdOfDid(String(tokenDID), "error decoding token did");
    license = await ctx.licenses.findByTokenId(id);
    key = `token id ${id}.`;
  }
  if (!license) throw notFound(`No developer license with ${key}`);
  return licenseNode(license);
}

/** Every license, highest token id first, filtered by owner or signer. */
export async function listLicenses(
  ctx: SandboxContext,
  args: PageArgs & { filterBy?: { owner?: unknown; signer?: unknown } | null },
) {
  const owner = optionalAddress(args.filterBy?.owner, "owner");
  const signer = optionalAddress(args.filterBy?.signer, "signer");
  const licenses = (await ctx.licenses.all())
    .filter(
      (l) =>
        (!owner || l.owner.toLowerCase() === owner) &&
        (!signer || l.signers.some((s) => s.address.toLowerCase() === signer)),
    )
    .sort((a, b) => b.tokenId - a.tokenId);
  return mapConnection(
    paginate(licenses, (l) => l.tokenId, args),
    licenseNode,
  );
}
