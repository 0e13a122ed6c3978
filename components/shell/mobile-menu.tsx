"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * The navigation of a phone, folded behind one button in the header so the page starts right under it. A
 * `<details>` disclosure, so a tap opens it before the page's script has hydrated (a phone on a slow network can take
 * seconds to), and the browser tells assistive technology whether it is open. The script adds what the element lacks:
 * it closes when the page changes (the layout survives a client-side navigation) and on Escape.
 */
export function MobileMenu({ children }: { children: React.ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  // The page the menu was last seen on: only a change of page closes it, not hydration (which would shut a menu
  // tapped open while the script was still loading).
  const shownFor = useRef(pathname);

  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const details = menu.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      // Focus inside the closed panel would be lost; it goes back to the button that opened it.
      if (details.contains(document.activeElement)) details.querySelector("summary")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <details ref={menu} className="group md:hidden">
      <summary
        aria-label="Menu"
        title="Menu"
        data-testid="mobile-menu-toggle"
        className="inline-grid size-9 cursor-pointer list-none place-items-center rounded-md border border-border hover:bg-muted [&::-webkit-details-marker]:hidden"
      >
        <Menu className="size-4 group-open:hidden" aria-hidden />
        <X className="hidden size-4 group-open:block" aria-hidden />
      </summary>
      <div
        data-testid="mobile-menu"
        className="absolute inset-x-0 top-14 z-30 border-b border-border bg-background px-4 py-2 shadow-md"
      >
        {children}
      </div>
    </details>
  );
}
