import type { Metadata } from "next";
import { KeyExpiryNotice } from "@/components/license/key-expiry-notice";
import { Card, CardHeader } from "@/components/ui/card";
import { CreditsToday } from "@/components/usage/credits-today";
import { CopyButton } from "@/components/ui/copy-button";
import { getConfig } from "@/lib/config";
import { DIMO_SERVICES, SERVICE_LABELS } from "@/lib/protocol";

export const metadata: Metadata = { title: "Developer tools" };

/**
 * What this dashboard is connected to: the license and the service addresses (never the API key). The token inspector
 * and the activity log are the tabs above; they are not repeated here.
 */
export default function DeveloperPage() {
  const { env, license, urls, valuationsVersion } = getConfig();
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader title="Developer License" description={`Network: ${env}`} />
        <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted-foreground">Client id</dt>
          <dd className="flex items-center gap-1 font-mono break-all" data-testid="client-id">
            {license.clientId} <CopyButton value={license.clientId} label="Copy client id" />
          </dd>
          <dt className="text-muted-foreground">Redirect URI (domain)</dt>
          <dd className="font-mono break-all">{license.domain}</dd>
          <dt className="text-muted-foreground">API key</dt>
          <dd className="flex flex-col gap-1">
            Held by the server; never sent to the browser.
            <KeyExpiryNotice place="page" />
          </dd>
        </dl>
      </Card>
      <CreditsToday />
      <Card>
        <CardHeader title="Service addresses" description={`Valuations API version: ${valuationsVersion}`} />
        <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-[12rem_1fr]">
          {DIMO_SERVICES.map((service) => (
            <div key={service} className="contents">
              <dt className="text-muted-foreground">{SERVICE_LABELS[service]}</dt>
              <dd className="font-mono break-all">{urls[service]}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
