import type { Metadata } from "next";
import { EditWebhook } from "@/components/webhooks/edit-webhook";

export const metadata: Metadata = { title: "Edit webhook" };

export default async function EditWebhookPage({ params }: { params: Promise<{ id: string }> }) {
  return <EditWebhook id={(await params).id} />;
}
