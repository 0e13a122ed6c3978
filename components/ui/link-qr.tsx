import { qrSvg } from "@/lib/share-links/qr";

/** A link as a QR code for a phone: dark on white whatever the theme, since scanners expect that. */
export function LinkQr({
  url,
  label,
  testId,
  className,
}: {
  url: string;
  /** What the code holds, for a screen reader: "QR code of the share link". */
  label: string;
  testId: string;
  className?: string;
}) {
  const { size, path } = qrSvg(url);
  return (
    <svg
      data-testid={testId}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
