import "server-only";
import { type TransactionReceipt, isAddressEqual, parseEventLogs } from "viem";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import type { LicenseChainReader } from "@/lib/chain/server/license-reader";
import type { ChangeRole } from "@/lib/models/audit";
import { AppFailure } from "@/lib/result";
import type { KeyValueStore } from "@/lib/store";
import { type ChangeNote, recordChange } from "./record";

/**
 * License changes are the owner's wallet's transactions, sent from the browser: the server learns of one only when
 * the page names its hash after the confirmation, and records it only as the chain tells it. The transaction must be
 * mined and successful, sent by the signed-in wallet to the license contract; its events for this license are what
 * is recorded, one entry each. A hash is recorded once, however often it is named.
 */

/** How long a recorded hash is remembered, so that naming it again records nothing. */
const RECORDED_HASH_TTL_MS = 400 * 24 * 60 * 60 * 1000;

const refused = (message: string, retryable = false) =>
  new AppFailure({ code: retryable ? "UNAVAILABLE" : "INVALID_INPUT", message, retryable });

/** The license's changes a receipt's events say happened, in the order they happened. */
function changesIn(receipt: TransactionReceipt, contract: `0x${string}`, tokenId: bigint): ChangeNote[] {
  const ours = receipt.logs.filter((log) => isAddressEqual(log.address, contract));
  const events = parseEventLogs({ abi: DEV_LICENSE_ABI, logs: ours });
  return events.flatMap((event): ChangeNote[] => {
    if (!("tokenId" in event.args) || event.args.tokenId !== tokenId) return [];
    const target = receipt.transactionHash;
    switch (event.eventName) {
      case "LicenseAliasSet":
        return [{ kind: "license.rename", target, detail: `Renamed the license to "${event.args.licenseAlias}"` }];
      case "RedirectUriEnabled":
        return [{ kind: "license.redirect-uri.enable", target, detail: `Enabled the redirect URI ${event.args.uri}` }];
      case "RedirectUriDisabled":
        return [
          { kind: "license.redirect-uri.disable", target, detail: `Disabled the redirect URI ${event.args.uri}` },
        ];
      case "SignerEnabled":
        return [{ kind: "license.api-key.enable", target, detail: `Enabled the API key ${event.args.signer}` }];
      case "SignerDisabled":
        return [{ kind: "license.api-key.disable", target, detail: `Disabled the API key ${event.args.signer}` }];
      default:
        return [];
    }
  });
}

export interface LicenseTransactionContext {
  reader: LicenseChainReader;
  contract: `0x${string}`;
  clientId: `0x${string}`;
  /** Where recorded hashes are remembered: the shared store, so two instances record a hash once between them. */
  keyValue: KeyValueStore;
  actor: { address: `0x${string}`; signedInWith?: { via: "wallet" } | { via: "dimo"; email?: string } };
  role: ChangeRole;
}

/** Records a confirmed license transaction of the signed-in wallet; returns how many changes were recorded. */
export async function recordLicenseTransactionByHash(
  hash: `0x${string}`,
  context: LicenseTransactionContext,
): Promise<{ recorded: number }> {
  const receipt = await context.reader.receipt(hash);
  if (!receipt) throw refused("The chain shows no mined transaction with that hash yet.", true);
  if (receipt.status !== "success") throw refused("That transaction reverted: nothing changed on the license.");
  if (!isAddressEqual(receipt.from, context.actor.address))
    throw refused("That transaction was not sent by the signed-in wallet.");
  if (!receipt.to || !isAddressEqual(receipt.to, context.contract))
    throw refused("That transaction was not sent to the license contract.");

  const tokenId = await context.reader.tokenIdOf(context.clientId);
  if (tokenId === null) throw refused("The license contract knows no license with this dashboard's client id.");
  const changes = changesIn(receipt, context.contract, tokenId);
  if (changes.length === 0) return { recorded: 0 };

  const first = await context.keyValue.setIfAbsent(
    `audit:license-transaction:${hash.toLowerCase()}`,
    "1",
    RECORDED_HASH_TTL_MS,
  );
  if (!first) return { recorded: 0 };
  for (const change of changes) await recordChange({ ...change, actor: context.actor, role: context.role });
  return { recorded: changes.length };
}
