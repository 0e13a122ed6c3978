import { TabNav } from "@/components/ui/tab-nav";

const TABS = [
  { href: "/developer", label: "License", exact: true },
  { href: "/developer/tokens", label: "Tokens" },
  { href: "/developer/activity", label: "API activity" },
] as const;

/** The developer tools' sections. */
export function DeveloperTabs() {
  return <TabNav label="Developer tools sections" tabs={TABS} />;
}
