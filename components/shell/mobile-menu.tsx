"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";

/**
 * The navigation of a phone, folded behind one button in the header so the page starts right under it. It closes
 * when the page changes (the layout, and so this state, survives a client-side navigation).
 */
export function MobileMenu({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const panelId = useId();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Menu"}
        title="Menu"
        data-testid="mobile-menu-toggle"
        onClick={() => setOpen((value) => !value)}
        className="inline-grid size-9 place-items-center rounded-md border border-border hover:bg-muted"
      >
        {open ? <X className="size-4" aria-hidden /> : <Menu className="size-4" aria-hidden />}
      </button>
      <div
        id={panelId}
        hidden={!open}
        data-testid="mobile-menu"
        className="absolute inset-x-0 top-14 z-30 border-b border-border bg-background px-4 py-2 shadow-md"
      >
        {children}
      </div>
    </div>
  );
}
