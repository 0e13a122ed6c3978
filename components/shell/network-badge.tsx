import { Badge } from "@/components/ui/badge";
import type { DimoEnv } from "@/lib/config";

const LABELS: Record<DimoEnv, { label: string; tone: "warning" | "success" | "primary"; title: string }> = {
  sandbox: { label: "Sandbox", tone: "warning", title: "Local sandbox network with seeded demo vehicles" },
  production: { label: "Production", tone: "success", title: "The real DIMO network" },
  dev: { label: "Dev network", tone: "primary", title: "DIMO's dev network (dev.dimo.zone)" },
  custom: { label: "Custom network", tone: "primary", title: "DIMO services at custom addresses" },
};

export function NetworkBadge({ network }: { network: DimoEnv }) {
  const { label, tone, title } = LABELS[network];
  return (
    <Badge tone={tone} title={title} data-testid="network-badge">
      {label}
    </Badge>
  );
}
