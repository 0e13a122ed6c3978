import type Database from "better-sqlite3";
import { type LatLon } from "../seed/geo";

/** One trip as the telemetry service regenerates it: what its route and levels are computed from. */
export interface DriveRecord {
  startUs: number;
  endUs: number;
  seq: number;
  start: LatLon;
  end: LatLon;
  odometerKm: number;
  levelPercent: number;
}

interface DriveRow {
  start_us: number;
  end_us: number;
  seq: number;
  start_lat: number;
  start_lon: number;
  end_lat: number;
  end_lon: number;
  odometer_km: number;
  level_percent: number;
}

const toDrive = (row: DriveRow): DriveRecord => ({
  startUs: row.start_us,
  endUs: row.end_us,
  seq: row.seq,
  start: { latitude: row.start_lat / 1e6, longitude: row.start_lon / 1e6 },
  end: { latitude: row.end_lat / 1e6, longitude: row.end_lon / 1e6 },
  odometerKm: row.odometer_km,
  levelPercent: row.level_percent,
});

/** Per-vehicle totals over its trips started before a time, for the data summary without generating any signal. */
export interface DriveTotals {
  trips: number;
  firstStartUs: number;
  lastStartUs: number;
  lastEndUs: number;
  /** Sum over trips of ceil(duration / every) for each sampling period asked. */
  ticks: number[];
  /** Sum over the gaps between consecutive trips of the multiples of `parkedEvery` strictly inside the gap. */
  parkedTicks: number;
}

const COLUMNS = "start_us, end_us, seq, start_lat, start_lon, end_lat, end_lon, odometer_km, level_percent";

/**
 * The `drives` table: seeded once, and only a live vehicle's rows change after (sandbox/live/ adds its drives as the
 * clock reaches them). Every lookup is one range scan of its (token_id, start_us) key.
 */
export class DriveStore {
  private readonly insertStatement: Database.Statement<number[]>;
  private readonly removeAfter: Database.Statement<[number, number]>;
  private readonly newestBy: Database.Statement<[number, number, number], DriveRow>;
  private readonly atOrBefore: Database.Statement<[number, number], DriveRow>;
  private readonly between: Database.Statement<[number, number, number], DriveRow>;
  private readonly atOrAfter: Database.Statement<[number, number], DriveRow>;
  private readonly countBetween: Database.Statement<[number, number, number], number>;

  constructor(private readonly db: Database.Database) {
    this.insertStatement = db.prepare(
      `INSERT OR REPLACE INTO drives (token_id, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.removeAfter = db.prepare("DELETE FROM drives WHERE token_id = ? AND start_us > ?");
    this.newestBy = db.prepare(
      `SELECT ${COLUMNS} FROM drives WHERE token_id = ? AND start_us <= ? ORDER BY start_us DESC LIMIT ?`,
    );
    this.atOrBefore = db.prepare(
      `SELECT ${COLUMNS} FROM drives WHERE token_id = ? AND start_us <= ? ORDER BY start_us DESC LIMIT 1`,
    );
    this.between = db.prepare(
      `SELECT ${COLUMNS} FROM drives WHERE token_id = ? AND start_us > ? AND start_us < ? ORDER BY start_us`,
    );
    this.atOrAfter = db.prepare(
      `SELECT ${COLUMNS} FROM drives WHERE token_id = ? AND start_us >= ? ORDER BY start_us LIMIT 1`,
    );
    this.countBetween = db
      .prepare<[number, number, number], number>(
        "SELECT COUNT(*) FROM drives WHERE token_id = ? AND start_us > ? AND start_us < ?",
      )
      .pluck();
  }

  /** Adds one drive (a live vehicle's, as the clock reaches it). */
  insert(tokenId: number, drive: DriveRecord): void {
    const micro = (degrees: number) => Math.round(degrees * 1e6);
    this.insertStatement.run(
      tokenId,
      drive.startUs,
      drive.endUs,
      drive.seq,
      micro(drive.start.latitude),
      micro(drive.start.longitude),
      micro(drive.end.latitude),
      micro(drive.end.longitude),
      drive.odometerKm,
      drive.levelPercent,
    );
  }

  /** Removes the drives that start after `us` (a live vehicle's, when the clock is set back before them). */
  removeStartedAfter(tokenId: number, us: number): number {
    return this.removeAfter.run(tokenId, Math.floor(us)).changes;
  }

  /** Up to `limit` trips that started at or before `us`, newest first. */
  newestStartedBy(tokenId: number, us: number, limit: number): DriveRecord[] {
    return this.newestBy.all(tokenId, Math.floor(us), limit).map(toDrive);
  }

  /** The last trip that started at or before `us`. */
  lastStartedBy(tokenId: number, us: number): DriveRecord | undefined {
    const row = this.atOrBefore.get(tokenId, Math.floor(us));
    return row ? toDrive(row) : undefined;
  }

  /** Trips that started strictly between `fromUs` and `toUs`, oldest first. */
  startedBetween(tokenId: number, fromUs: number, toUs: number): DriveRecord[] {
    return this.between.all(tokenId, Math.floor(fromUs), Math.ceil(toUs)).map(toDrive);
  }

  countStartedBetween(tokenId: number, fromUs: number, toUs: number): number {
    return this.countBetween.get(tokenId, Math.floor(fromUs), Math.ceil(toUs)) ?? 0;
  }

  /** The first trip that started at or after `us`. */
  firstStartedFrom(tokenId: number, us: number): DriveRecord | undefined {
    const row = this.atOrAfter.get(tokenId, Math.ceil(us));
    return row ? toDrive(row) : undefined;
  }

  totals(
    tokenId: number,
    beforeUs: number,
    periodsUs: readonly number[],
    parkedEveryUs: number,
  ): DriveTotals | undefined {
    const tickSums = periodsUs.map((p, k) => `SUM((end_us - start_us - 1) / ${Math.round(p)} + 1) AS t${k}`).join(", ");
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS trips, MIN(start_us) AS first_start, MAX(start_us) AS last_start, MAX(end_us) AS last_end, ${tickSums},
           (SELECT SUM((next_start - 1) / ${parkedEveryUs} - end_us / ${parkedEveryUs}) FROM (
              SELECT end_us, LEAD(start_us) OVER (ORDER BY start_us) AS next_start
              FROM drives WHERE token_id = ? AND start_us < ?) WHERE next_start IS NOT NULL) AS parked
         FROM drives WHERE token_id = ? AND start_us < ?`,
      )
      .get(tokenId, beforeUs, tokenId, beforeUs) as Record<string, number | null>;
    if (!row.trips) return undefined;
    return {
      trips: row.trips,
      firstStartUs: row.first_start ?? 0,
      lastStartUs: row.last_start ?? 0,
      lastEndUs: row.last_end ?? 0,
      ticks: periodsUs.map((_, k) => row[`t${k}`] ?? 0),
      parkedTicks: row.parked ?? 0,
    };
  }
}
