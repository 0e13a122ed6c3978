"use client";

import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A page failed to render. Server errors reach the browser only as a digest: no upstream body, no secret. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 py-16 text-center">
      <AlertTriangle className="size-10 text-warning" aria-hidden />
      <h1 className="text-lg font-semibold">This page could not be loaded</h1>
      <p className="text-sm text-muted-foreground">
        Something went wrong while talking to DIMO or rendering the page. Your session is intact; try again.
        {error.digest ? <span className="mt-1 block font-mono text-xs">Reference: {error.digest}</span> : null}
      </p>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
