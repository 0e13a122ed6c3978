"use client";

import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";
import type { PrivilegeId } from "@/lib/protocol";
import { PrivilegeBadges } from "./privilege-badges";

/**
 * The grant's privileges in the vehicle header. A phone has no room for six badges above the tab's content: there
 * they fold behind a count that opens them; from `sm` up they are always shown. One list either way.
 */
export function HeaderPrivileges({ privileges }: { privileges: readonly PrivilegeId[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1.5">
      <dt className="text-xs text-muted-foreground">Privileges</dt>
      <dd className="contents">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex items-center gap-0.5 rounded px-1 text-sm hover:bg-muted sm:hidden"
          data-testid="privileges-toggle"
        >
          {privileges.length}
          <ChevronDown className={cn("size-3.5 transition-transform", open && "rotate-180")} aria-hidden />
        </button>
        <div className={cn("w-full min-w-0 sm:block sm:w-auto", open ? "block" : "hidden")}>
          <PrivilegeBadges privileges={privileges} />
        </div>
      </dd>
    </div>
  );
}
