import type { Metadata } from "next";
import { WebhookList } from "@/components/webhooks/webhook-list";

export const metadata: Metadata = { title: "Webhooks" };

/** The license's webhooks (DIMO's Vehicle Triggers API); the list reads its own route, so the page stays thin. */
export default function WebhooksPage() {
  return <WebhookList />;
}
