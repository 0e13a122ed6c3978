import type { MetadataRoute } from "next";

/** What a browser reads to install the dashboard or name its tab group: the name, the colours and the icon. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "DIMO Developer Dashboard",
    short_name: "DIMO Dashboard",
    start_url: "/vehicles",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#2f49d8",
    // One scalable icon serves every size a browser asks for.
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
