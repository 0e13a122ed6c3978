import type { Metadata } from "next";
import { WebhookList } from "@/components/webhooks/webhook-list";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Webhooks" };

/**
 * The license's webhooks (DIMO's Vehicle Triggers API); the list reads its own route, so the page stays thin. Only the
 * owner's "keep" button is on (the action checks the role itself).
 */
export default async function WebhooksPage() {
  const session = await requireSession();
  return <WebhookList canKeep={session.role === "owner"} />;
}
