import { Car, Coins, History, KeyRound, MapPinned, Share2, Users, Webhook, Wrench } from "lucide-react";
import { NavLink } from "@/components/ui/nav-link";

const ITEMS = [
  { href: "/vehicles", label: "Vehicles", icon: Car },
  { href: "/fleet", label: "Fleet", icon: MapPinned },
  { href: "/share", label: "Get vehicles", icon: Share2 },
  { href: "/webhooks", label: "Webhooks", icon: Webhook },
  { href: "/developer", label: "Developer tools", icon: Wrench },
  { href: "/usage", label: "Usage", icon: Coins },
  { href: "/license", label: "License", icon: KeyRound },
  { href: "/team", label: "Team", icon: Users },
  { href: "/audit", label: "Record of changes", icon: History },
] as const;

export function SidebarNav() {
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {ITEMS.map(({ href, label, icon: Icon }) => (
        <NavLink
          key={href}
          href={href}
          className="flex items-center gap-2 rounded-md px-3 py-2 text-sm"
          activeClassName="bg-muted font-medium text-foreground"
          inactiveClassName="text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
