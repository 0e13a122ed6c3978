import type { Metadata } from "next";
import { WebhookForm } from "@/components/webhooks/webhook-form";

export const metadata: Metadata = { title: "New webhook" };

export default function NewWebhookPage() {
  return <WebhookForm />;
}
