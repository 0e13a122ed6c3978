import type { Metadata } from "next";
import { InboxList } from "@/components/webhooks/inbox-list";

export const metadata: Metadata = { title: "Webhook inbox" };

export default function WebhookInboxPage() {
  return <InboxList />;
}
