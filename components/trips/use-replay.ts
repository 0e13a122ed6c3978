"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "@/lib/motion";

/**
 * A replay's clock over a trip of `durationMs`: play, pause, seek and a speed (1x to 60x of real time). Playing
 * advances once a frame; under prefers-reduced-motion it steps once a second instead, so nothing glides. The
 * position is reported through `onCommit` when it settles (pause, seek, the end) and about once a second while
 * playing, for the URL.
 */

export const REPLAY_SPEEDS = [1, 2, 5, 10, 30, 60] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface Replay {
  atMs: number;
  playing: boolean;
  speed: ReplaySpeed;
  play: () => void;
  pause: () => void;
  seek: (ms: number) => void;
  setSpeed: (speed: ReplaySpeed) => void;
}

const COMMIT_EVERY_MS = 1_000;

/** `key` names what is replayed (the trip and its route): a new one starts paused at `initialMs`. */
export function useReplay(key: string, durationMs: number, initialMs: number, onCommit: (ms: number) => void): Replay {
  const clamp = useCallback((ms: number) => Math.min(durationMs, Math.max(0, ms)), [durationMs]);
  const [atMs, setAtMs] = useState(() => clamp(initialMs));
  const [playing, setPlaying] = useState(false);
  const [replaying, setReplaying] = useState(key);
  if (replaying !== key) {
    setReplaying(key);
    setAtMs(clamp(initialMs));
    setPlaying(false);
  }
  const [speed, setSpeed] = useState<ReplaySpeed>(10);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  }, [onCommit]);

  useEffect(() => {
    if (!playing) return;
    const reduced = prefersReducedMotion();
    let last = performance.now();
    let lastCommit = last;
    let position = atMs;
    let handle = 0;
    const advance = (now: number) => {
      position = Math.min(durationMs, position + (now - last) * speed);
      last = now;
      setAtMs(position);
      if (position >= durationMs) {
        setPlaying(false);
        commitRef.current(position);
        return false;
      }
      if (now - lastCommit >= COMMIT_EVERY_MS) {
        lastCommit = now;
        commitRef.current(position);
      }
      return true;
    };
    if (reduced) {
      const timer = window.setInterval(() => {
        if (!advance(performance.now())) window.clearInterval(timer);
      }, 1_000);
      return () => window.clearInterval(timer);
    }
    const frame = (now: number) => {
      if (advance(now)) handle = requestAnimationFrame(frame);
    };
    handle = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(handle);
    // The position at the start of play is enough: from there the loop owns it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, speed, durationMs]);

  const play = useCallback(() => {
    // Played to the end: play again from the start.
    setAtMs((current) => (current >= durationMs ? 0 : current));
    setPlaying(true);
  }, [durationMs]);
  const pause = useCallback(() => {
    setPlaying(false);
    setAtMs((current) => {
      commitRef.current(current);
      return current;
    });
  }, []);
  const seek = useCallback(
    (ms: number) => {
      const next = clamp(ms);
      setAtMs(next);
      commitRef.current(next);
    },
    [clamp],
  );
  return { atMs, playing, speed, play, pause, seek, setSpeed };
}
