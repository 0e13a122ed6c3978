"use client";

import { AlertTriangle } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition } from "react";
import { Button } from "@/components/ui/button";

/**
 * A page crashed: a bug in the dashboard, not a failure of DIMO (pages show those themselves, with the service, the
 * status and the call; see lib/server/page-data.ts). Server errors reach the browser only as a digest, which names
 * the error in the server's log: no upstream body, no secret. The app's frame stays around it.
 */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  return (
    <div
      role="alert"
      data-testid="crash-page"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 py-16 text-center"
    >
      <AlertTriangle className="size-10 text-warning" aria-hidden />
      <h1 className="text-lg font-semibold">This page could not be loaded</h1>
      <p className="text-sm text-muted-foreground">
        Something went wrong on the dashboard&apos;s server while it rendered this page. Your session is intact. The
        server&apos;s log has the details{error.digest ? " under the reference below" : ""}.
        {error.digest ? <span className="mt-1 block font-mono text-xs">Reference: {error.digest}</span> : null}
      </p>
      <Button
        variant="secondary"
        onClick={() =>
          // The server part is rendered again, then the boundary lets it in.
          startTransition(() => {
            router.refresh();
            reset();
          })
        }
      >
        Load the page again
      </Button>
    </div>
  );
}
