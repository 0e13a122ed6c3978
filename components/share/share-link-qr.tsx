import { qrSvg } from "@/lib/share-links/qr";

/** The link as a QR code an owner scans with a phone: dark on white whatever the theme, since scanners expect that. */
export function ShareLinkQr({ url, className }: { url: string; className?: string }) {
  const { size, path } = qrSvg(url);
  return (
    <svg
      data-testid="share-link-qr"
      role="img"
      aria-label="QR code of the share link"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
