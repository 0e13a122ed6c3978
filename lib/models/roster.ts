import type { Vehicle } from "./identity";
import { type AppError } from "@/lib/result";
import type { EndedGrant, ShareRecord } from "@/lib/share-links";
import type { RosterQuery } from "@/lib/roster/query";

/** What the server sends the vehicle list: one page of rows and the words around them, never the whole roster. */

export interface RosterProgress {
  /** Vehicles the roster holds so far. */
  known: number;
  /** What the identity API says the license's list holds; null before it was first asked. */
  totalCount: number | null;
  pagesRead: number;
  /** Whether the first walk through the list has reached its end. */
  complete: boolean;
  /** Why the walk stopped, when its last request failed, in words for people. */
  failure: string | null;
}

export interface VehicleListView {
  /** The query as understood, after dropping what the list does not know. */
  query: RosterQuery;
  /** What was dropped from the URL, in words for people. */
  notices: string[];
  rows: Vehicle[];
  /** How the rows came, for those the dashboard saw come through a share link. */
  shares: Record<number, ShareRecord>;
  ended: EndedGrant[];
  /** Live vehicles the query matches, and all live ones. */
  matched: number;
  liveTotal: number;
  endedMatched: number;
  page: number;
  pageCount: number;
  /** When the page was read: "recently", "ends soon" and "expired" are measured from here. */
  nowMs: number;
  progress: RosterProgress;
  /** A look for new grants that failed just now: the list shows what the roster held before it. */
  refreshError: AppError | null;
}
