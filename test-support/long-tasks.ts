import type { Page } from "@playwright/test";

/** A main-thread task over 50 ms, as the Long Tasks API reports it: its start and length, in ms of the document. */
export interface LongTask {
  start: number;
  duration: number;
}

const KEY = "__longTasks";

/** Records the long tasks of every document the page loads, from before its first script. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const tasks: Array<{ start: number; duration: number }> = [];
    (window as unknown as Record<string, unknown>)[key] = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  }, KEY);
}

/** The long tasks of the page's document so far (none if observeLongTasks was not called before it loaded). */
export function longTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(
    (key) => ((window as unknown as Record<string, unknown>)[key] as LongTask[] | undefined) ?? [],
    KEY,
  );
}
