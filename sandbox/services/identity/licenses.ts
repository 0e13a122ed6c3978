import { GraphQLError } from "graphql";
import { getAddress } from "viem";
import { type SandboxContext } from "../../context";
import { isoSeconds } from "../../seed/times";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { deterministicWallet, OTHER_LICENSE } from "../../seed/wallets";
import { type LicenseRecord } from "../../store/license-store";
import { isGiven, notFound, optionalAddress, parseAddress, tokenIdOfDid } from "./lookups";
import { type PageArgs, pageByPosition, paginate, mapConnection } from "./paging";

/** The seed's two licenses: the demo license and another license's, which some vehicles are granted to. */
const SEEDED_LICENSE_IDS = [DEMO_LICENSE.tokenId, OTHER_LICENSE.tokenId];
const LICENSE_CONTRACT = deterministicWallet("developer license contract").address;

function licenseNode(license: LicenseRecord) {
  return {
    tokenId: license.tokenId,
    tokenDID: `did:erc721:137:${LICENSE_CONTRACT}:${license.tokenId}`,
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
export function findLicense(ctx: SandboxContext, by: LicenseBy) {
  const { clientId, alias, tokenId, tokenDID } = by;
  if ([clientId, alias, tokenId, tokenDID].filter(isGiven).length !== 1) {
    throw new GraphQLError("must specify exactly one of `clientId`, `alias`, `tokenId`, or `tokenDID`");
  }
  let license: LicenseRecord | undefined;
  let key: string;
  if (isGiven(clientId)) {
    license = ctx.licenses.findByClientId(parseAddress(clientId, "clientId"));
    key = `client id ${getAddress(String(clientId))}.`;
  } else if (isGiven(alias)) {
    license = ctx.licenses.findByAlias(alias);
    key = `alias ${JSON.stringify(alias)}.`;
  } else {
    const id = isGiven(tokenId) ? tokenId : tokenIdOfDid(String(tokenDID), "error decoding token did");
    license = ctx.licenses.findByTokenId(id);
    key = `token id ${id}.`;
  }
  if (!license) throw notFound(`No developer license with ${key}`);
  return licenseNode(license);
}

/** Every license, highest token id first, filtered by owner or signer. */
export function listLicenses(
  ctx: SandboxContext,
  args: PageArgs & { filterBy?: { owner?: unknown; signer?: unknown } | null },
) {
  const owner = optionalAddress(args.filterBy?.owner, "owner");
  const signer = optionalAddress(args.filterBy?.signer, "signer");
  const licenses = SEEDED_LICENSE_IDS.map((id) => ctx.licenses.findByTokenId(id))
    .filter(isGiven)
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
