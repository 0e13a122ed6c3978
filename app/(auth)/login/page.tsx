import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginPanel } from "@/components/auth/login-panel";
import { NetworkBadge } from "@/components/shell/network-badge";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { getDemoWallet } from "@/lib/auth/demo-wallet";
import { getSession } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { safeCallbackPath } from "@/lib/safe-callback";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const config = getConfig();
  const callbackPath = safeCallbackPath(params.callbackUrl, config.publicUrl);
  if (await getSession()) redirect(callbackPath);

  const demo = await getDemoWallet();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="absolute top-4 right-4 flex items-center gap-3">
        <NetworkBadge network={config.env} />
        <ThemeToggle />
      </div>
      <LoginPanel
        expectedOrigin={new URL(config.publicUrl).origin}
        callbackPath={callbackPath}
        demoAddress={demo?.address}
        initialError={typeof params.error === "string" ? params.error : undefined}
      />
    </main>
  );
}
