import { ArrowRight } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ACTIVITY_LIMIT } from "@/lib/activity-filters";
import { getConfig } from "@/lib/config";
import { DIMO_SERVICES, SERVICE_LABELS } from "@/lib/protocol";

export const metadata: Metadata = { title: "Developer tools" };

function ToolLink({ href, title, testId, children }: { href: string; title: string; testId: string; children: React.ReactNode }) {
  return (
    <Link href={href} data-testid={testId} className="group rounded-lg border border-border bg-card px-5 py-4 hover:border-primary/50">
      <span className="flex items-center justify-between font-semibold">
        {title}
        <ArrowRight className="size-4 text-muted-foreground group-hover:text-primary" aria-hidden />
      </span>
      <span className="mt-1 block text-sm text-muted-foreground">{children}</span>
    </Link>
  );
}

/** What this dashboard is connected to: the license and the service addresses (never the API key). */
export default function DeveloperPage() {
  const { env, license, urls, valuationsVersion } = getConfig();
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <ToolLink href="/developer/tokens" title="Token inspector" testId="tokens-link">
          The Developer JWT and every cached Vehicle JWT: claims, privileges, live countdowns, refresh and copy.
        </ToolLink>
        <ToolLink href="/developer/activity" title="API activity" testId="activity-link">
          The last {ACTIVITY_LIMIT} calls this server made to DIMO, live, with filters and “copy as cURL”.
        </ToolLink>
      </div>
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
          <dd>Held by the server; never sent to the browser.</dd>
        </dl>
      </Card>
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
