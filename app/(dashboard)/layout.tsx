import { AppShell } from "@/components/shell/app-shell";
import { requireSession } from "@/lib/auth/session";
import { publicConfig } from "@/lib/config";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  return (
    <AppShell
      address={session.address}
      role={session.role}
      signedInWith={session.signedInWith ?? { via: "wallet" }}
      network={publicConfig().network}
    >
      {children}
    </AppShell>
  );
}
