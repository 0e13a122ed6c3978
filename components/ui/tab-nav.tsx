"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isActiveLink } from "@/lib/active-link";
import { cn } from "@/lib/cn";

export interface Tab {
  href: string;
  label: string;
  /** Active only on this exact path (for an index tab whose path prefixes the others). */
  exact?: boolean;
}

/** A row of tabs that are links; the tab of the current page is marked. */
export function TabNav({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-border">
      {tabs.map(({ href, label: text, exact }) => {
        const active = isActiveLink(pathname, href, exact);
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm",
              active ? "border-primary font-medium text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {text}
          </Link>
        );
      })}
    </nav>
  );
}
