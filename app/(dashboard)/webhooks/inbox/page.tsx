import type { Metadata } from "next";
import { InboxList } from "@/components/webhooks/inbox-list";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Webhook inbox" };

export default async function WebhookInboxPage() {
  const session = await requireSession();
  return <InboxList canRotate={session.role === "owner"} />;
}
