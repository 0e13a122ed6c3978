"use client";

import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { LocalTime } from "@/components/trips/local-time";
import { ATTESTATION_LABELS, type Credential } from "@/lib/models/attestation";

/** The vehicle's credentials, newest first: what each attests, when, by whom, and its signed JSON to read and copy. */
export function CredentialList({ credentials }: { credentials: readonly Credential[] }) {
  return (
    <ul className="flex flex-col gap-3" data-testid="attestation-list">
      {credentials.map((credential, index) => (
        // The newest one opens on its JSON: usually the credential just created.
        <CredentialRow key={credential.id} credential={credential} open={index === 0} />
      ))}
    </ul>
  );
}

function CredentialRow({ credential, open }: { credential: Credential; open: boolean }) {
  const label = credential.kind ? ATTESTATION_LABELS[credential.kind] : credential.dataVersion;
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm"
      data-testid="attestation-row"
      data-kind={credential.kind ?? "other"}
      data-id={credential.id}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">{label}</span>
        <Badge>{credential.dataVersion}</Badge>
        <span className="text-muted-foreground">
          <LocalTime iso={credential.time} />
        </span>
      </div>
      <dl className="grid gap-x-3 gap-y-0.5 text-xs text-muted-foreground sm:grid-cols-[auto_1fr]">
        <dt>Signed by</dt>
        <dd className="break-all font-mono">{credential.source}</dd>
        <dt>Id</dt>
        <dd className="break-all font-mono">{credential.id}</dd>
      </dl>
      <details open={open}>
        <summary className="cursor-pointer text-sm text-primary">JSON</summary>
        <div className="mt-2 flex items-start gap-2">
          <pre
            className="max-h-96 min-w-0 flex-1 overflow-auto rounded-md bg-muted p-3 text-xs"
            data-testid="attestation-json"
            tabIndex={0}
          >
            {credential.json}
          </pre>
          <CopyButton value={credential.json} label={`Copy the ${label} credential's JSON`} />
        </div>
      </details>
    </li>
  );
}
