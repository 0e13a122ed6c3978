"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { useHydrated } from "@/lib/hooks/use-now";
import { type AttestationKind } from "@/lib/models/attestation";
import { type PrivilegeId } from "@/lib/protocol";
import { type AppError, toAppError } from "@/lib/result";
import { credentialsQuery } from "./attestation-queries";
import { CreateAttestation } from "./create-attestation";
import { CredentialList } from "./credential-list";
import { ATTESTATIONS_DESCRIPTION, ATTESTATIONS_TITLE, CredentialsBodySkeleton } from "./panel-skeleton";

interface AttestationsPanelProps {
  tokenId: number;
  missing: Record<AttestationKind, readonly PrivilegeId[]>;
  /** Why the server's read of the list failed, shown while the browser asks again; null when it did not. */
  serverError: AppError | null;
}

/**
 * Verifiable credentials of one vehicle: the buttons that have DIMO's attester sign a new one, and the vehicle's
 * credentials as the Telemetry API lists them, refreshed after each creation.
 */
export function AttestationsPanel({ tokenId, missing, serverError }: AttestationsPanelProps) {
  const hydrated = useHydrated();
  const list = useQuery(credentialsQuery(tokenId));
  const error = list.error ? toAppError(list.error) : serverError;
  const credentials = list.data?.credentials;

  let body: React.ReactNode;
  if (credentials === undefined && error) {
    body = (
      <ErrorNotice
        error={error}
        title="The credentials could not be listed."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="attestations-error"
      />
    );
  } else if (credentials === undefined || !hydrated) {
    body = <CredentialsBodySkeleton />;
  } else if (credentials.length === 0) {
    body = (
      <div data-testid="attestations-empty">
        <EmptyState title="No credentials yet">
          A credential is a statement about the vehicle signed by DIMO&apos;s attester, which anyone can verify. Create
          one above.
        </EmptyState>
      </div>
    );
  } else {
    body = <CredentialList credentials={credentials} />;
  }

  return (
    <Card data-testid="attestations-panel">
      <CardHeader title={ATTESTATIONS_TITLE} description={ATTESTATIONS_DESCRIPTION} />
      <div className="flex flex-col gap-6 p-5">
        <CreateAttestation tokenId={tokenId} missing={missing} />
        <section aria-labelledby="credentials-heading" className="flex flex-col gap-3">
          <h3 id="credentials-heading" className="text-sm font-semibold">
            The vehicle&apos;s credentials, newest first
          </h3>
          {credentials !== undefined && list.error ? (
            <ErrorNotice
              variant="line"
              error={toAppError(list.error)}
              title="The credentials could not be refreshed."
              testId="attestations-refresh-error"
            />
          ) : null}
          {body}
        </section>
      </div>
    </Card>
  );
}
