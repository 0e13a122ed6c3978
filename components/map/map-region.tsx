import { useId } from "react";

/**
 * The frame of a map for people who do not see it: a named region with a description that says what it draws and
 * where the same information is as text. The map itself (a canvas) stays out of the way of a screen reader.
 */
export function MapRegion({
  label,
  description,
  className,
  children,
  ...data
}: {
  label: string;
  description: string;
  className: string;
  children: React.ReactNode;
} & Record<`data-${string}`, string | number | undefined>) {
  const descriptionId = useId();
  return (
    <div role="region" aria-label={label} aria-describedby={descriptionId} className={className} {...data}>
      <p id={descriptionId} className="sr-only">
        {description}
      </p>
      {children}
    </div>
  );
}
