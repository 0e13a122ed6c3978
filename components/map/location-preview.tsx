/**
 * What the Overview's location map shows before MapLibre is loaded: a mark in the middle of an empty grid, a dot for
 * the exact location and a ring for the approximate area, as the map draws them.
 */
export function LocationPreview({ approximate }: { approximate: boolean }) {
  return (
    <svg viewBox="0 0 400 224" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 size-full" aria-hidden>
      <defs>
        <pattern id="location-preview-grid" width="32" height="32" patternUnits="userSpaceOnUse">
          <path d="M32 0H0V32" fill="none" className="stroke-border" strokeWidth={1} />
        </pattern>
      </defs>
      <rect width="400" height="224" fill="url(#location-preview-grid)" />
      {approximate ? (
        <circle cx="200" cy="112" r="56" className="fill-primary/20 stroke-primary" strokeWidth={2} />
      ) : null}
      <circle cx="200" cy="112" r={approximate ? 4 : 7} className="fill-primary stroke-card" strokeWidth={2} />
    </svg>
  );
}
