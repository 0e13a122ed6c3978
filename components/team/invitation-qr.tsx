import { qrSvg } from "@/lib/share-links/qr";

/** The invitation link as a QR code, dark on white whatever the theme, for a colleague's phone. */
export function InvitationQr({ url }: { url: string }) {
  const { size, path } = qrSvg(url);
  return (
    <svg
      data-testid="invitation-qr"
      role="img"
      aria-label="QR code of the invitation link"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-40 shrink-0"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
