"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Chain, isAddressEqual } from "viem";
import { useConfig } from "wagmi";
import { connect, getAccount, simulateContract, waitForTransactionReceipt, writeContract } from "wagmi/actions";
import { licenseChangedAction } from "@/lib/actions/license";
import { recordLicenseTransactionAction } from "@/lib/actions/audit";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { failureText, isUserRejection, revertReason } from "./contract-errors";

/** One change to the license: a DevLicense function the owner may call, with its arguments after the token id. */
export type LicenseCall =
  | { functionName: "setLicenseAlias"; args: [string] }
  | { functionName: "setRedirectUri"; args: [boolean, string] }
  | { functionName: "enableSigner" | "disableSigner"; args: [`0x${string}`] };

export type TransactionState =
  | { kind: "idle" }
  | { kind: "signing"; what: string }
  | { kind: "wrong-chain"; what: string; walletChainId: number }
  | { kind: "rejected"; what: string }
  | { kind: "pending"; what: string; hash: `0x${string}` }
  | { kind: "confirmed"; what: string; hash: `0x${string}` }
  | { kind: "reverted"; what: string; reason: string; hash?: `0x${string}` }
  | { kind: "failed"; what: string; reason: string };

interface Target {
  chain: Chain;
  contract: `0x${string}`;
  tokenId: bigint;
  owner: `0x${string}`;
}

/**
 * Sends one license change from the owner's wallet and follows it: the wallet's chain, a simulation (so a revert is
 * told before anything is signed), the signature, the receipt; then the page is read again from the chain.
 */
export function useLicenseTransaction(target: Target) {
  const config = useConfig();
  const router = useRouter();
  const [state, setState] = useState<TransactionState>({ kind: "idle" });

  async function send(what: string, call: LicenseCall): Promise<boolean> {
    setState({ kind: "signing", what });
    try {
      let account = getAccount(config);
      const [connector] = config.connectors;
      if (!account.isConnected && connector) {
        // Connected where the wallet is: a wallet on another chain gets the page's switch prompt below, before anything
        // is signed, rather than a switch request folded into connecting.
        await connect(config, { connector });
        account = getAccount(config);
      }
      if (!account.address || !isAddressEqual(account.address, target.owner)) {
        setState({ kind: "failed", what, reason: `Connect the license's owner wallet (${target.owner}).` });
        return false;
      }
      if (account.chainId !== target.chain.id) {
        setState({ kind: "wrong-chain", what, walletChainId: account.chainId ?? 0 });
        return false;
      }
      const { request } = await simulateContract(config, {
        address: target.contract,
        abi: DEV_LICENSE_ABI,
        functionName: call.functionName,
        args: [target.tokenId, ...call.args],
        account: account.address,
        chainId: target.chain.id,
      } as never);
      const hash = await writeContract(config, request as never);
      setState({ kind: "pending", what, hash });
      const receipt = await waitForTransactionReceipt(config, { hash, chainId: target.chain.id });
      if (receipt.status !== "success") {
        setState({ kind: "reverted", what, hash, reason: "The transaction reverted on the chain: nothing changed." });
        return false;
      }
      setState({ kind: "confirmed", what, hash });
      // The record of changes reads the transaction from the chain; not reaching it leaves the change as it is.
      void recordLicenseTransactionAction({ hash }).catch(() => undefined);
      // The header's expiry line keeps the key in use a while: a change here drops it, on every instance.
      await licenseChangedAction();
      router.refresh();
      return true;
    } catch (error) {
      if (isUserRejection(error)) setState({ kind: "rejected", what });
      else {
        const reason = revertReason(error);
        setState(reason ? { kind: "reverted", what, reason } : { kind: "failed", what, reason: failureText(error) });
      }
      return false;
    }
  }

  return { state, send, reset: () => setState({ kind: "idle" }) };
}
