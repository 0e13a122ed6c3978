"use client";

import { Loader2, RefreshCw } from "lucide-react";
import { useReadOnlyReason } from "@/components/team/read-only";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import type { DeveloperTokenInfo } from "@/lib/models";
import { type AppError } from "@/lib/result";
import { CopyTokenButton } from "./copy-token-button";
import { Countdown, TokenTime } from "./token-times";

interface DeveloperTokenCardProps {
  token: DeveloperTokenInfo | null;
  now: number;
  hydrated: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  /** Why the last refresh failed. */
  error: AppError | null;
}

const audienceText = (aud: DeveloperTokenInfo["aud"]) =>
  aud === null ? "—" : Array.isArray(aud) ? aud.join(", ") : aud;

/** The Developer JWT's claims, its countdown, and the buttons to refresh or copy it. */
export function DeveloperTokenCard({ token, now, hydrated, refreshing, onRefresh, error }: DeveloperTokenCardProps) {
  const expired = token !== null && token.exp * 1000 <= now;
  const readOnly = useReadOnlyReason();
  const refresh = (
    <Button
      size="sm"
      variant={expired || token === null ? "primary" : "secondary"}
      onClick={onRefresh}
      disabled={refreshing || readOnly !== null}
      title={readOnly ?? undefined}
      data-testid="refresh-developer-token"
    >
      {refreshing ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
      ) : (
        <RefreshCw className="size-3.5" aria-hidden />
      )}
      {token === null ? "Get a Developer JWT" : "Refresh"}
    </Button>
  );

  return (
    <Card data-testid="developer-token" data-state={token === null ? "none" : expired ? "expired" : "valid"}>
      <CardHeader
        title="Developer JWT"
        description="Issued by DIMO's authentication service for this license's challenge flow; used for the token exchange."
        actions={
          <div className="flex items-center gap-2">
            {token !== null ? <CopyTokenButton choice={{ kind: "developer" }} testId="copy-developer-token" /> : null}
            {refresh}
          </div>
        }
      />
      {token === null ? (
        <p className="px-5 py-4 text-sm text-muted-foreground" data-testid="no-developer-token">
          No Developer JWT is cached. The first call that needs one fetches it, or get one now.
        </p>
      ) : (
        <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Issuer</dt>
          <dd className="font-mono break-all" data-testid="developer-token-iss">
            {token.iss ?? "—"}
          </dd>
          <dt className="text-muted-foreground">Audience</dt>
          <dd className="font-mono break-all" data-testid="developer-token-aud">
            {audienceText(token.aud)}
          </dd>
          <dt className="text-muted-foreground">License address</dt>
          <dd className="font-mono break-all" data-testid="developer-token-address">
            {token.ethereumAddress ?? "—"}
          </dd>
          <dt className="text-muted-foreground">Issued</dt>
          <dd>
            <TokenTime seconds={token.iat} hydrated={hydrated} />
          </dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <TokenTime seconds={token.exp} hydrated={hydrated} />
            <Countdown exp={token.exp} now={now} hydrated={hydrated} testId="developer-token-countdown" />
          </dd>
        </dl>
      )}
      <p
        className="border-t border-border px-5 py-3 text-xs text-muted-foreground"
        data-testid="developer-token-warning"
      >
        A copied Developer JWT stays valid for 14 days after it was issued. Refresh fetches a new one but does not
        revoke the old one: treat a copy like a password. Only the license owner can copy it, and each copy is recorded
        in the activity log.
      </p>
      {error ? (
        <ErrorNotice
          variant="line"
          error={error}
          title="The Developer JWT could not be refreshed."
          testId="developer-token-error"
          className="border-t border-border px-5 py-3"
        />
      ) : null}
    </Card>
  );
}
