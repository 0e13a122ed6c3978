import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatStableUtc } from "@/lib/format/time";
import type { ApiKeyView } from "@/lib/models/api-keys";
import { KEY_WARNING_DAYS, type LicenseView, expiresSoon } from "./license-view";

const SOURCE_LABELS: Record<ApiKeyView["source"], string> = {
  environment: "the environment (DIMO_API_KEY)",
  dashboard: "the dashboard's store (sealed)",
  elsewhere: "elsewhere (not held by this dashboard)",
};

const day = (ms: number | null) => (ms === null ? "unknown" : formatStableUtc(ms, "date"));

/** The license's identity on the chain and its API keys, server-rendered; the changes are the card below. */
export function LicenseSummary({ license }: { license: LicenseView }) {
  const inUse = license.keys.find((key) => key.inUse);
  const others = license.keys.filter((key) => !key.inUse);
  return (
    <>
      <Card>
        <CardHeader title={license.alias || "(no name)"} description={`Token ${license.tokenId}`} />
        <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted-foreground">Name</dt>
          <dd data-testid="license-alias">{license.alias}</dd>
          <dt className="text-muted-foreground">Client id</dt>
          <dd className="flex items-center gap-1 font-mono break-all">
            {license.clientId} <CopyButton value={license.clientId} label="Copy client id" />
          </dd>
          <dt className="text-muted-foreground">Owner</dt>
          <dd className="font-mono break-all" data-testid="license-owner">
            {license.owner}
          </dd>
          <dt className="text-muted-foreground">Contract</dt>
          <dd className="font-mono break-all">{license.contract}</dd>
          <dt className="text-muted-foreground">Chain</dt>
          <dd>
            {license.chain.name} (id {license.chain.id})
          </dd>
        </dl>
      </Card>
      <Card data-testid="api-keys">
        <CardHeader
          title="API keys"
          description="Signers of the license: a key is valid for 365 days from the block that enabled it."
        />
        <div className="flex flex-col gap-3 px-5 py-4 text-sm">
          {inUse ? (
            <div data-testid="key-in-use">
              <p className="font-medium">
                In use: <span className="font-mono break-all">{inUse.signer}</span>
              </p>
              <p className="text-muted-foreground">
                Enabled since {day(inUse.enabledAt)} · expires on {day(inUse.expiresAt)} · lives in{" "}
                {SOURCE_LABELS[inUse.source]}
              </p>
              {expiresSoon(inUse.expiresAt, license.chainNow) ? (
                <p role="alert" className="mt-1 text-warning" data-testid="key-expiry-warning">
                  The API key in use expires within {KEY_WARNING_DAYS} days (on {day(inUse.expiresAt)}): make a new one
                  below, or every call the dashboard makes will fail.
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-muted-foreground">No key in use could be determined.</p>
          )}
          {others.length > 0 ? (
            <ul className="flex flex-col gap-1" data-testid="other-keys">
              {others.map((key) => (
                <li key={key.signer} className="flex flex-wrap items-center gap-2">
                  <span className="font-mono break-all">{key.signer}</span>
                  <Badge tone={key.status === "enabled" ? "success" : "neutral"}>{key.status}</Badge>
                  <span className="text-muted-foreground">
                    {key.enabledAt ? `enabled since ${day(key.enabledAt)}, expires on ${day(key.expiresAt)}` : ""} ·{" "}
                    {SOURCE_LABELS[key.source]}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Card>
    </>
  );
}
