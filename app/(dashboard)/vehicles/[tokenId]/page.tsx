import { redirect } from "next/navigation";
import { loadSharedVehicle } from "@/lib/server/vehicles";

/** A vehicle opens on its trips. */
export default async function VehiclePage({ params }: { params: Promise<{ tokenId: string }> }) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  redirect(`/vehicles/${vehicle.tokenId}/trips`);
}
