import { DeveloperTabs } from "@/components/developer/developer-tabs";

/** The developer tools: the license and services, the token inspector and the API activity log. */
export default function DeveloperLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Developer tools</h1>
        <p className="text-sm text-muted-foreground">
          What this dashboard&apos;s server holds and sends to DIMO on your behalf.
        </p>
      </div>
      <DeveloperTabs />
      <div>{children}</div>
    </div>
  );
}
