import type { PrivilegeId } from "@/lib/protocol";
import { missingFeatureWords } from "@/lib/share-links";

/**
 * What the grant leaves out, folded under one line: each privilege the owner did not share with the dashboard
 * features it would unlock, so a panel that says "unavailable" has its reason one click away on every tab.
 */
export function GrantLacks({ privileges }: { privileges: readonly PrivilegeId[] }) {
  const missing = missingFeatureWords(privileges);
  if (missing.length === 0) return null;
  return (
    <details className="text-sm" data-testid="grant-lacks">
      <summary className="w-fit cursor-pointer text-xs text-muted-foreground hover:text-foreground">
        {`Not shared: what ${missing.length === 1 ? "one privilege" : `${missing.length} privileges`} would add`}
      </summary>
      <ul className="mt-1 list-disc pl-5 text-muted-foreground">
        {missing.map((sentence) => (
          <li key={sentence}>{`${sentence}.`}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-muted-foreground">
        Only the owner can add them: send them a share link that asks for them (Get vehicles).
      </p>
    </details>
  );
}
