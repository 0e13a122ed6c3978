"use client";

import type { Chain } from "viem";
import { useSwitchChain } from "wagmi";
import { Button } from "@/components/ui/button";
import type { TransactionState } from "./use-license-transaction";

interface TransactionStatusProps {
  state: TransactionState;
  chain: Chain;
  /** Called once the wallet is on the license's chain after the switch prompt. */
  onSwitched: () => void;
}

/** Where a license change stands, in words, with the explorer's link on a real network. */
export function TransactionStatus({ state, chain, onSwitched }: TransactionStatusProps) {
  const { switchChain, isPending } = useSwitchChain();
  if (state.kind === "idle") return null;
  const explorer = chain.blockExplorers?.default.url;
  const link = (hash: `0x${string}`) =>
    explorer ? (
      <a className="underline" href={`${explorer}/tx/${hash}`} target="_blank" rel="noreferrer">
        view on {chain.blockExplorers?.default.name}
      </a>
    ) : null;
  const tone =
    state.kind === "confirmed"
      ? "text-success"
      : state.kind === "signing" || state.kind === "pending"
        ? ""
        : "text-warning";
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="transaction-status"
      data-state={state.kind}
      className={`text-sm ${tone}`}
    >
      {state.kind === "signing" ? <p>{state.what}: confirm it in your wallet…</p> : null}
      {state.kind === "wrong-chain" ? (
        <p className="flex flex-wrap items-center gap-2">
          Your wallet is on another chain (id {state.walletChainId}): switch it to {chain.name}, then send the change
          again.
          <Button
            size="sm"
            variant="secondary"
            disabled={isPending}
            onClick={() => switchChain({ chainId: chain.id }, { onSuccess: onSwitched })}
          >
            Switch to {chain.name}
          </Button>
        </p>
      ) : null}
      {state.kind === "rejected" ? (
        <p>{state.what}: you rejected the signature in your wallet, so nothing changed.</p>
      ) : null}
      {state.kind === "pending" ? (
        <p>
          {state.what}: pending, transaction <span className="font-mono break-all">{state.hash}</span>{" "}
          {link(state.hash)}
        </p>
      ) : null}
      {state.kind === "confirmed" ? (
        <p>
          {state.what}: confirmed on the chain, transaction <span className="font-mono break-all">{state.hash}</span>{" "}
          {link(state.hash)}
        </p>
      ) : null}
      {state.kind === "reverted" ? (
        <p>
          {state.what}: refused by the license contract, nothing changed. {state.reason}
        </p>
      ) : null}
      {state.kind === "failed" ? (
        <p>
          {state.what}: not sent. {state.reason}
        </p>
      ) : null}
    </div>
  );
}
