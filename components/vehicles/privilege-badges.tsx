import { Badge } from "@/components/ui/badge";
import { type PrivilegeId, privilegeInfo } from "@/lib/protocol";

/** The privileges a grant holds, by name, with the number and description on hover. */
export function PrivilegeBadges({ privileges }: { privileges: readonly PrivilegeId[] }) {
  if (privileges.length === 0) return <span className="text-sm text-muted-foreground">none</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Privileges granted" data-testid="privilege-badges">
      {privileges.map((id) => {
        const info = privilegeInfo(id);
        return (
          <li key={id}>
            <Badge
              tone={id === 4 || id === 1 ? "primary" : "neutral"}
              title={`Privilege ${id}: ${info.description}`}
              data-privilege={id}
            >
              {info.label}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
