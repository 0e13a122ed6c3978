"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A stream's version, followed at most once every `gapMs` while the stream runs and at once when it has settled: for
 * what walks every trip on each change (the histogram), which would otherwise do so on every frame of a long history.
 */
export function usePacedVersion(version: number, settled: boolean, gapMs: number): number {
  const [paced, setPaced] = useState(version);
  const lastAt = useRef(-Infinity);
  useEffect(() => {
    if (settled || paced === version) return;
    const timer = setTimeout(
      () => {
        lastAt.current = performance.now();
        setPaced(version);
      },
      Math.max(0, lastAt.current + gapMs - performance.now()),
    );
    return () => clearTimeout(timer);
  }, [version, settled, paced, gapMs]);
  return settled ? version : paced;
}
