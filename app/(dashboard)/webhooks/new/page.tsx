import type { Metadata } from "next";
import { CreateWebhookForm } from "@/components/webhooks/create-webhook-form";

export const metadata: Metadata = { title: "New webhook" };

export default function NewWebhookPage() {
  return <CreateWebhookForm />;
}
