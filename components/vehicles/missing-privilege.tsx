import { KeyRound } from "lucide-react";
import { privilegeInfo, type PrivilegeId } from "@/lib/protocol";

/**
 * Shown instead of a panel whose data needs a privilege the vehicle's grant lacks: what is missing and how to get it.
 * `privileges` lists alternatives (any one of them is enough), e.g. [1, 5] for instant offers.
 */
export function MissingPrivilege({ feature, privileges }: { feature: string; privileges: readonly PrivilegeId[] }) {
  const names = privileges.map((id) => `${privilegeInfo(id).label} (privilege ${id})`);
  const needed = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0];
  return (
    <div role="status" data-testid="missing-privilege" className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4 text-sm">
      <KeyRound className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-medium">{feature} unavailable: the grant lacks {needed}.</p>
        <p className="mt-1 text-muted-foreground">
          The vehicle&apos;s owner decides what this license may see. Ask them to share {needed} with your Developer License
          (they can do it from the DIMO app), then reload this page.
        </p>
      </div>
    </div>
  );
}
