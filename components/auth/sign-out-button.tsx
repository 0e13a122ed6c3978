"use client";

import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useState } from "react";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      // On a phone only the icon shows: the name stays for screen readers and the tooltip.
      aria-label={pending ? "Signing out…" : "Sign out"}
      title="Sign out"
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/login" });
      }}
      className="inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-60"
    >
      <LogOut className="size-4" aria-hidden />
      <span className="hidden sm:inline">{pending ? "Signing out…" : "Sign out"}</span>
    </button>
  );
}
