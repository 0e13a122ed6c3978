"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ChangeSectionProps } from "./change-section";
import { redirectUriProblem } from "./redirect-uri";

/** The license's redirect URIs: add one (validated first), disable one (the dashboard's own after a second ask). */
export function RedirectUris({ license, off, run, send }: ChangeSectionProps) {
  const [uri, setUri] = useState("");
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const disable = (target: string) =>
    run(() => send("Disable the redirect URI", { functionName: "setRedirectUri", args: [false, target] }));
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">Redirect URIs</h3>
      <ul className="flex flex-col gap-1 text-sm" data-testid="redirect-uris">
        {license.redirectUris.map((enabled) => {
          const own = license.dashboardUris.includes(enabled);
          return (
            <li key={enabled} className="flex flex-wrap items-center gap-2" data-uri={enabled}>
              <span className="font-mono break-all">{enabled}</span>
              {own ? <Badge tone="primary">needed by this dashboard</Badge> : null}
              {confirming === enabled ? (
                <>
                  <span className="text-warning">Signing in to this dashboard needs it. Disable it anyway?</span>
                  <Button size="sm" variant="danger" disabled={off} onClick={() => void disable(enabled)}>
                    Disable anyway
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(undefined)}>
                    Keep it
                  </Button>
                </>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={off}
                  aria-label={`Disable ${enabled}`}
                  onClick={() => (own ? setConfirming(enabled) : void disable(enabled))}
                >
                  Disable
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const found = redirectUriProblem(uri, license.redirectUris);
          setProblem(found);
          if (found) return;
          void run(async () => {
            const done = await send("Add the redirect URI", { functionName: "setRedirectUri", args: [true, uri] });
            if (done) setUri("");
            return done;
          });
        }}
      >
        <label htmlFor="redirect-uri-input" className="sr-only">
          New redirect URI
        </label>
        <input
          id="redirect-uri-input"
          placeholder="https://app.example.com/callback"
          className="h-10 min-w-64 flex-1 rounded-md border border-border bg-background px-3 text-sm"
          value={uri}
          onChange={(event) => setUri(event.target.value)}
          disabled={off}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "redirect-uri-problem" : undefined}
        />
        <Button type="submit" disabled={off || uri.trim() === ""}>
          Add redirect URI
        </Button>
      </form>
      {problem ? (
        <p id="redirect-uri-problem" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
