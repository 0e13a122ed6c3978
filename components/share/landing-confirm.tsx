"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { confirmLandingAction } from "@/lib/actions/share-links";
import { type LandingOutcome } from "@/lib/models/share-links";
import { toAppError } from "@/lib/result";

/** "Recorded on the vehicle list: 2 vehicles shared through the link Spring and 1 revoked grant." */
function recordedWords(outcome: LandingOutcome): string {
  const parts: string[] = [];
  if (outcome.shared.length > 0) {
    const vehicles = outcome.shared.length === 1 ? "1 vehicle" : `${outcome.shared.length} vehicles`;
    parts.push(`${vehicles} shared${outcome.link === null ? "" : ` through the link ${outcome.link}`}`);
  }
  if (outcome.revoked.length > 0) {
    parts.push(outcome.revoked.length === 1 ? "1 revoked grant" : `${outcome.revoked.length} revoked grants`);
  }
  if (parts.length === 0) return "Nothing was recorded: DIMO no longer lists what this page showed.";
  return `Recorded on the vehicle list: ${parts.join(" and ")}.`;
}

/**
 * The landing's one change, made only when the signed-in person asks: the checked shares and revocations recorded on
 * the vehicle list. The server checks them with DIMO again. Button and answer share one row of fixed height, so the
 * page does not move when the answer arrives.
 */
export function LandingConfirm({ checked, utm }: { checked: LandingOutcome; utm: string | null }) {
  const [recording, startRecording] = useTransition();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  const confirm = () =>
    startRecording(async () => {
      try {
        const result = await confirmLandingAction({
          vehicles: checked.shared.map((vehicle) => vehicle.tokenId),
          revoked: checked.revoked.map((vehicle) => vehicle.tokenId),
          utm,
        });
        setAnswer(
          result.ok ? { ok: true, message: recordedWords(result.data) } : { ok: false, message: result.error.message },
        );
      } catch (error) {
        setAnswer({ ok: false, message: toAppError(error).message });
      }
    });

  return (
    <div className="flex min-h-10 flex-wrap items-center gap-3" data-testid="share-landing-confirm">
      {answer?.ok ? (
        <p role="status" className="text-success" data-testid="share-landing-recorded">
          {answer.message}
        </p>
      ) : (
        <>
          <Button onClick={confirm} disabled={recording} data-testid="share-landing-record">
            {recording ? "Recording…" : "Record on the vehicle list"}
          </Button>
          {answer ? (
            <p role="alert" className="text-danger">
              {answer.message}
            </p>
          ) : (
            <p className="text-muted-foreground">Nothing is recorded until you confirm.</p>
          )}
        </>
      )}
    </div>
  );
}
