import Link from "next/link";
import { Suspense } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { KeyExpiryNotice } from "@/components/license/key-expiry-notice";
import { CopyButton } from "@/components/ui/copy-button";
import { RoleProvider } from "@/components/team/read-only";
import type { DimoEnv } from "@/lib/config";
import { shortAddress } from "@/lib/format/address";
import { ROLE_NAMES, type TeamRole } from "@/lib/models/team";
import { MobileMenu } from "./mobile-menu";
import { NetworkBadge } from "./network-badge";
import { SidebarNav } from "./sidebar-nav";
import { ThemeToggle } from "./theme-toggle";

interface AppShellProps {
  address: string;
  role: TeamRole;
  /** How the person signed in: a wallet, or a DIMO account (with its email when DIMO named one). */
  signedInWith: { via: "wallet" } | { via: "dimo"; email?: string };
  network: DimoEnv;
  children: React.ReactNode;
}

/**
 * The frame of every signed-in page: sidebar, header with who is signed in and which network is in use. Below `md` the
 * sidebar folds into the header's menu button.
 */
export function AppShell({ address, role, signedInWith, network, children }: AppShellProps) {
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <aside className="hidden w-56 shrink-0 flex-col gap-6 border-r border-border bg-card px-3 py-5 md:flex">
        <Link href="/vehicles" className="flex items-center gap-2 px-3 font-semibold tracking-tight">
          <span className="grid size-7 place-items-center rounded-md bg-primary text-xs font-bold text-primary-foreground">
            D
          </span>
          DIMO Dashboard
        </Link>
        <SidebarNav />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="relative flex h-14 items-center justify-between gap-2 border-b border-border px-4 md:px-6">
          <div className="flex min-w-0 items-center gap-2 md:gap-3">
            <Link href="/vehicles" className="font-semibold md:hidden">
              DIMO
            </Link>
            <NetworkBadge network={network} />
            <Suspense fallback={null}>
              <KeyExpiryNotice place="header" />
            </Suspense>
          </div>
          <div className="flex min-w-0 items-center gap-1 sm:gap-2">
            <span className="hidden text-xs text-muted-foreground sm:inline">{ROLE_NAMES[role]}</span>
            {/* A phone's header has no room for it: there it stands in the menu instead. */}
            <span
              className="hidden max-w-48 truncate text-xs text-muted-foreground md:inline"
              data-testid="signed-in-with"
              title={signInLabel(signedInWith)}
            >
              {signInLabel(signedInWith)}
            </span>
            <span
              className="hidden items-center gap-1 font-mono text-sm whitespace-nowrap sm:flex"
              data-testid="signed-in-address"
              title={address}
            >
              {shortAddress(address)}
              <CopyButton value={address} label="Copy address" />
            </span>
            <ThemeToggle />
            <SignOutButton />
            <MobileMenu>
              <nav aria-label="Main (mobile)">
                <SidebarNav />
              </nav>
              <p className="mt-1 truncate px-3 text-xs text-muted-foreground" data-testid="signed-in-with">
                Signed in with {signInLabel(signedInWith)}
              </p>
              <p
                className="flex items-center gap-1 px-3 font-mono text-xs whitespace-nowrap text-muted-foreground sm:hidden"
                title={address}
              >
                {shortAddress(address)}
                <CopyButton value={address} label="Copy address" />
              </p>
            </MobileMenu>
          </div>
        </header>
        {/* Focusable by script only, so the skip link moves keyboard focus here and not just the view. */}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 focus:outline-none md:px-6 md:py-6"
        >
          <RoleProvider role={role}>{children}</RoleProvider>
        </main>
      </div>
    </div>
  );
}

function signInLabel(method: AppShellProps["signedInWith"]): string {
  if (method.via === "wallet") return "Wallet";
  return method.email ? `DIMO account · ${method.email}` : "DIMO account";
}
