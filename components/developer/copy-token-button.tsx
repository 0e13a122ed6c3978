"use client";

import { KeyRound } from "lucide-react";
import { createContext, useContext } from "react";
import { Button } from "@/components/ui/button";
import { type TokenChoice, copyTokenAction } from "@/lib/actions/developer";
import { CopyFeedback } from "./curl-panel";
import { useCopy } from "./use-copy";

/** Whether the signed-in wallet may copy raw tokens (the license owner only; the server enforces it too). */
export const TokenCopyAllowed = createContext(false);

/**
 * "Copy token": asks the server for exactly this token and writes it to the clipboard. The token never appears on
 * the page, and no other request or render carries it. Admins see why they cannot copy instead of a button.
 */
export function CopyTokenButton({ choice, testId }: { choice: TokenChoice; testId: string }) {
  const { copy, status } = useCopy();
  if (!useContext(TokenCopyAllowed)) {
    return (
      <span
        className="text-xs text-muted-foreground"
        data-testid={`${testId}-owner-only`}
        title="A copied token cannot be revoked, so only the license owner can copy one."
      >
        Copy: license owner only
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <CopyFeedback status={status} testId={`${testId}-status`} />
      <Button
        size="sm"
        variant="secondary"
        data-testid={testId}
        disabled={status.state === "working"}
        onClick={() =>
          copy(async () => {
            const result = await copyTokenAction(choice);
            return result.ok ? result.data.token : { error: result.error.message };
          })
        }
      >
        <KeyRound className="size-3.5" aria-hidden />
        Copy token
      </Button>
    </span>
  );
}
