"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { confirmLandingAction } from "@/lib/actions/share-links";
import { type LandingOutcome } from "@/lib/models/share-links";
import { recordedLandingWords } from "@/lib/share-links";
import { toAppError } from "@/lib/result";

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
          result.ok
            ? { ok: true, message: recordedLandingWords(result.data) }
            : { ok: false, message: result.error.message },
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
