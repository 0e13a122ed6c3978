import Link from "next/link";
import { AppShell } from "@/components/shell/app-shell";
import { buttonClasses } from "@/components/ui/button";
import { getSession } from "@/lib/auth/session";
import { publicConfig } from "@/lib/config";

/**
 * An address no page answers. A signed-in person keeps the app's frame (sidebar, who is signed in, sign-out), so the
 * way on is where it always is; anyone else gets the bare page, which gives nothing away.
 */
export default async function NotFound() {
  const session = await getSession();
  const body = (
    <div
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center"
      data-testid="not-found"
    >
      <p className="font-mono text-sm text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        There is nothing here, or it is not shared with this Developer License.
      </p>
      <Link href="/vehicles" className={buttonClasses("secondary")}>
        Back to vehicles
      </Link>
    </div>
  );
  if (!session) return <main>{body}</main>;
  return (
    <AppShell
      address={session.address}
      role={session.role}
      signedInWith={session.signedInWith ?? { via: "wallet" }}
      network={publicConfig().network}
    >
      {body}
    </AppShell>
  );
}
