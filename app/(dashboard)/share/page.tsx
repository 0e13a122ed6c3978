import type { Metadata } from "next";
import { ShareLinkBuilder } from "@/components/share/share-link-builder";
import { ShareLinkList } from "@/components/share/share-link-list";
import { PageError } from "@/components/ui/page-error";
import { defaultExpirationDate } from "@/lib/share-links";
import { pageResult } from "@/lib/server/page-data";
import { getShareLinkSettings, listShareLinks } from "@/lib/server/share-links";
import { countVehiclesByLink } from "@/lib/server/share-links-history";

export const metadata: Metadata = { title: "Get vehicles" };

export default async function GetVehiclesPage() {
  const [settings, links, brought] = await Promise.all([
    getShareLinkSettings(),
    listShareLinks(),
    countVehiclesByLink(),
  ]);
  const settingsResult = pageResult(settings);
  const linksResult = pageResult(links);
  const now = new Date();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Get vehicles</h1>
        <p className="text-sm text-muted-foreground">
          Vehicles come to the license when their owners share them through DIMO&apos;s login. Build a link for them to
          open, keep it with a name, and see which link brought which vehicle.
        </p>
      </div>
      {settingsResult.ok ? (
        <ShareLinkBuilder
          settings={settingsResult.data}
          defaultExpiration={defaultExpirationDate(now)}
          now={now.toISOString()}
        />
      ) : (
        <PageError error={settingsResult.error} title="The license's details could not be loaded." />
      )}
      {linksResult.ok ? (
        <ShareLinkList links={linksResult.data} brought={brought.ok ? brought.data : null} />
      ) : (
        <PageError error={linksResult.error} title="The kept links could not be loaded." />
      )}
    </div>
  );
}
