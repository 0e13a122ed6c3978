import { KeyRound } from "lucide-react";
import { FEATURES, type Feature, describeMissing, missingFor } from "@/lib/features";
import { type PrivilegeId } from "@/lib/protocol";

/**
 * Shown instead of a panel whose data needs a privilege the vehicle's grant lacks: what is missing and how to get it.
 * `missing` defaults to the feature's whole requirement (when only the server's refusal is known, not the grant).
 */
export function MissingPrivilege({
  feature,
  missing = missingFor(null, feature),
}: {
  feature: Feature;
  missing?: readonly PrivilegeId[];
}) {
  const needed = describeMissing(feature, missing);
  return (
    <div
      role="status"
      data-testid="missing-privilege"
      className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4 text-sm"
    >
      <KeyRound className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-medium">
          {FEATURES[feature].label} unavailable: the grant lacks {needed}.
        </p>
        <p className="mt-1 text-muted-foreground">
          The vehicle&apos;s owner decides what this license may see. Ask them to share {needed} with your Developer
          License (they can do it from the DIMO app), then reload this page.
        </p>
        {FEATURES[feature].note ? <p className="mt-1 text-muted-foreground">{FEATURES[feature].note}</p> : null}
      </div>
    </div>
  );
}
