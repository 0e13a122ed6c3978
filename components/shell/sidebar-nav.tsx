"use client";

import { Car, Wrench } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { isActiveLink } from "@/lib/active-link";
import { cn } from "@/lib/cn";

const ITEMS = [
  { href: "/vehicles", label: "Vehicles", icon: Car },
  { href: "/developer", label: "Developer tools", icon: Wrench },
] as const;

export function SidebarNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {ITEMS.map(({ href, label, icon: Icon }) => {
        const active = isActiveLink(pathname, href);
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-2 rounded-md px-3 py-2 text-sm",
              active ? "bg-muted font-medium text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
