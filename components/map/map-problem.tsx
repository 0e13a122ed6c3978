/** What went wrong with a map's drawing (its basemap, a layer), over the map's corner; the page around it still works. */
export function MapProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="absolute top-2 left-2 rounded bg-card/90 px-2 py-1 text-xs text-warning">
      {message}
    </p>
  );
}
