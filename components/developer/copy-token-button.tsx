"use client";

import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { type TokenChoice, copyTokenAction } from "@/lib/actions/developer";
import { CopyFeedback } from "./curl-panel";
import { useCopy } from "./use-copy";

/**
 * "Copy token": asks the server for exactly this token and writes it to the clipboard. The token never appears on
 * the page, and no other request or render carries it.
 */
export function CopyTokenButton({ choice, testId }: { choice: TokenChoice; testId: string }) {
  const { copy, status } = useCopy();
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
