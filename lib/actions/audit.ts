"use server";
import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { AppFailure } from "@/lib/result";
import { recordLicenseTransactionByHash } from "@/lib/server/audit/license-transactions";
import { getLicenseChainReader } from "@/lib/server/api-keys";
import { guarded } from "@/lib/server/guard";
import { getStores } from "@/lib/store";

/**
 * The License page names each license transaction its wallet confirmed, so that the record of changes holds it; the
 * server reads the transaction from the chain itself and records only what the chain says the signed-in wallet did.
 */

const transactionInput = z
  .object({
    hash: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{64}$/, "name the transaction by its hash: 0x followed by 64 hex characters")
      .transform((value) => value.toLowerCase() as `0x${string}`),
  })
  .strict();

export const recordLicenseTransactionAction = guarded(
  transactionInput,
  async function recordLicenseTransactionAction({ hash }, { session }) {
    const config = getConfig();
    const reader = getLicenseChainReader();
    if (!reader) {
      throw new AppFailure({
        code: "UNAVAILABLE",
        message: "No JSON-RPC endpoint of the license's chain is configured: set DIMO_RPC_URL.",
        retryable: false,
      });
    }
    return recordLicenseTransactionByHash(hash, {
      reader,
      contract: config.licenseChain.contract,
      clientId: config.license.clientId,
      keyValue: getStores().keyValue,
      actor: session,
      role: session.role,
    });
  },
  // Only the owner's wallet makes license transactions; what it records are the chain's own events.
  { viewers: "refused" },
);
