"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isActiveLink } from "@/lib/active-link";
import { cn } from "@/lib/cn";

/**
 * A navigation link that knows whether it points at the current page: marked with `aria-current="page"` and styled
 * with `activeClassName` then, `inactiveClassName` otherwise. `exact` for an index link whose path prefixes its
 * siblings'.
 */
export function NavLink({
  href,
  exact = false,
  except,
  className,
  activeClassName,
  inactiveClassName,
  children,
}: {
  href: string;
  exact?: boolean;
  /** Paths below `href` that belong to another link. */
  except?: readonly string[];
  className: string;
  activeClassName: string;
  inactiveClassName: string;
  children: React.ReactNode;
}) {
  const active = isActiveLink(usePathname(), href, exact, except);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(className, active ? activeClassName : inactiveClassName)}
    >
      {children}
    </Link>
  );
}
