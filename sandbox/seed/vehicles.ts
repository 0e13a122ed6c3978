import { DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";
import { type PrivilegeId } from "@/lib/protocol";
import { type MetroId } from "./metros";
import { vehicleImageUri, vehicleName } from "./names";
import { createPrng } from "./prng";
import { VEHICLE_OWNERS } from "./wallets";

/**
 * The seeded vehicles. Their token ids and roles are fixed: tests across the project rely on them (see VEHICLE_IDS).
 * Times are not part of these rows; they are placed relative to the seed's anchor "now" when the database is seeded.
 */

export interface SeedGrant {
  /** Which Developer License the grant is for. */
  license: "demo" | "other";
  privileges: readonly PrivilegeId[];
  /** An expired grant ended 30 days before seed time; others expire `expiresInDays` after it. */
  expired: boolean;
  /** Days from seed time to the end of an unexpired grant; a year when absent. */
  expiresInDays?: number;
}

interface SeedTripPlan {
  count: number;
  /** How many days the trips spread over, ending `lastEndHoursAgo` hours before seed time. */
  spanDays: number;
  lastEndHoursAgo: number;
  /** Trips forced to have no end location, on top of the occasional random one. */
  extraMissingEndLocations: number;
  /** How far from the metro centre the vehicle's regular places lie, when not the metro's own radius. */
  placeRadiusMiles?: number;
}

/**
 * A vehicle that drives in real time against the sandbox's clock (sandbox/live/): one drive leaves every
 * `everyMinutes` from `firstHour` until `endHour` in its own time zone, unless the drive before is still under way,
 * between a handful of places in its metro; it stands parked between drives and overnight.
 */
export interface LiveTimetable {
  /** The IANA zone its day is read in. */
  timeZone: string;
  /** The local hour of the day's first departure, and the hour no departure is at or after. */
  firstHour: number;
  endHour: number;
  everyMinutes: number;
  /** How far from the metro centre its places lie. */
  placeRadiusMiles: number;
}

export interface SeedVehicle {
  tokenId: number;
  make: string;
  model: string;
  year: number;
  /** Like the network's device definition ids: `tesla_model-3_2022`. */
  definitionId: string;
  name: string;
  /** An inline data URI, or "" for a vehicle without a picture. */
  imageURI: string;
  owner: `0x${string}`;
  metro: MetroId;
  trips: SeedTripPlan;
  grant: SeedGrant | null;
  /** Base price new, in USD, for the valuation formula. */
  msrpUsd: number;
  /** What tests use this vehicle for, when it has a fixed role. */
  role: string | null;
  /**
   * Drives in real time: its seeded trips are the last `trips.count` of its timetable before seed time, and the
   * sandbox adds the next ones as its clock reaches them.
   */
  live?: LiveTimetable;
}

const ALL: readonly PrivilegeId[] = [1, 2, 3, 4, 5, 6];
/** Everything, and the raw CloudEvents of the Fetch API too. */
const ALL_AND_RAW_DATA: readonly PrivilegeId[] = [...ALL, 7];

export function definitionIdOf(make: string, model: string, year: number): string {
  const slug = (text: string) => text.toLowerCase().replace(/\s+/g, "-");
  return `${slug(make)}_${slug(model)}_${year}`;
}

interface Row {
  tokenId: number;
  make: string;
  model: string;
  year: number;
  metro: MetroId;
  trips: [count: number, spanDays: number, lastEndHoursAgo: number, extraMissingEnds?: number];
  placeRadiusMiles?: number;
  grant: SeedGrant | null;
  /** An index into VEHICLE_OWNERS, or a login account, whose owner can share the vehicle on the login page. */
  owner: number | DemoLoginAccount;
  msrpUsd: number;
  role?: string;
  noImage?: boolean;
  /** A name that says what the vehicle is for, instead of a generated one. */
  name?: string;
  live?: LiveTimetable;
}

const demo = (privileges: readonly PrivilegeId[], expired = false): SeedGrant => ({
  license: "demo",
  privileges,
  expired,
});

const ROWS: Row[] = [
  {
    tokenId: 21957,
    make: "Tesla",
    model: "Model 3",
    year: 2022,
    metro: "lasVegas",
    trips: [2500, 730, 3],
    grant: demo(ALL),
    owner: 0,
    msrpUsd: 46990,
    role: "manyTrips",
  },
  {
    tokenId: 17001,
    make: "Ford",
    model: "F-150",
    year: 2021,
    metro: "losAngeles",
    trips: [100_000, 1700, 2],
    placeRadiusMiles: 2.5,
    grant: demo(ALL),
    owner: 1,
    msrpUsd: 41200,
    role: "perf",
  },
  {
    tokenId: 18234,
    make: "Toyota",
    model: "Camry",
    year: 2019,
    metro: "chicago",
    trips: [100, 120, 48],
    grant: demo(ALL),
    owner: 2,
    msrpUsd: 26200,
    role: "exactly100",
  },
  {
    tokenId: 19876,
    make: "Honda",
    model: "Civic",
    year: 2020,
    metro: "portland",
    trips: [0, 0, 0],
    grant: demo(ALL),
    owner: 3,
    msrpUsd: 22000,
    role: "noTrips",
    noImage: true,
  },
  {
    tokenId: 20311,
    make: "BMW",
    model: "X5",
    year: 2023,
    metro: "miami",
    trips: [300, 365, 30],
    grant: demo([1, 5]),
    owner: 4,
    msrpUsd: 65200,
    role: "noTripsPrivilege",
  },
  {
    tokenId: 20777,
    make: "Chevrolet",
    model: "Bolt EV",
    year: 2022,
    metro: "seattle",
    trips: [300, 300, 20],
    grant: demo([4]),
    owner: 0,
    msrpUsd: 31500,
    role: "noValuationPrivilege",
  },
  {
    tokenId: 15002,
    make: "Hyundai",
    model: "Ioniq 5",
    year: 2023,
    metro: "newYork",
    trips: [400, 400, 10, 5],
    grant: demo(ALL),
    owner: 1,
    msrpUsd: 43650,
    role: "missingEndLocations",
  },
  {
    tokenId: 14011,
    make: "Volkswagen",
    model: "ID.4",
    year: 2021,
    metro: "austin",
    trips: [200, 250, 14],
    grant: demo([1, 4]),
    owner: 2,
    msrpUsd: 40000,
    role: "locationAndHistoryOnly",
  },
  {
    tokenId: 13004,
    make: "Subaru",
    model: "Outback",
    year: 2020,
    metro: "denver",
    trips: [300, 365, 6],
    grant: demo(ALL_AND_RAW_DATA),
    owner: 3,
    msrpUsd: 28900,
    noImage: true,
  },
  {
    tokenId: 12345,
    make: "Kia",
    model: "EV6",
    year: 2022,
    metro: "sanFrancisco",
    trips: [150, 200, 26],
    grant: demo(ALL_AND_RAW_DATA),
    owner: 4,
    msrpUsd: 42100,
  },
  {
    tokenId: 11873,
    make: "Mazda",
    model: "CX-5",
    year: 2021,
    metro: "chicago",
    trips: [50, 90, 72],
    grant: demo(ALL),
    owner: 0,
    msrpUsd: 27000,
  },
  {
    tokenId: 10420,
    make: "Nissan",
    model: "Leaf",
    year: 2018,
    metro: "phoenix",
    trips: [80, 200, 24 * 35],
    grant: demo(ALL, true),
    owner: 1,
    msrpUsd: 30000,
    role: "expiredGrant",
  },
  {
    tokenId: 9001,
    make: "Jeep",
    model: "Wrangler",
    year: 2019,
    metro: "saltLakeCity",
    trips: [60, 150, 40],
    grant: null,
    owner: 2,
    msrpUsd: 34000,
    role: "notGranted",
  },
  {
    tokenId: 8777,
    make: "Porsche",
    model: "Taycan",
    year: 2024,
    metro: "boston",
    trips: [40, 60, 16],
    grant: { license: "other", privileges: ALL, expired: false },
    owner: 3,
    msrpUsd: 92000,
    role: "grantedToOtherLicense",
  },
  {
    tokenId: 16550,
    make: "Polestar",
    model: "2",
    year: 2023,
    metro: "portland",
    trips: [120, 150, 5],
    grant: demo([8]),
    owner: 4,
    msrpUsd: 49900,
    role: "approximateLocationOnly",
  },
  // Owned by the login page's accounts and shared with no license, so that a fresh sandbox has vehicles for a
  // share link to offer: several makes and every powertrain type a link can filter on.
  {
    tokenId: 7301,
    make: "Tesla",
    model: "Model Y",
    year: 2023,
    metro: "sanFrancisco",
    trips: [40, 60, 8],
    grant: null,
    owner: "stranger",
    msrpUsd: 47740,
  },
  {
    tokenId: 7302,
    make: "Ford",
    model: "Mustang Mach-E",
    year: 2022,
    metro: "denver",
    trips: [35, 50, 20],
    grant: null,
    owner: "stranger",
    msrpUsd: 45995,
  },
  {
    tokenId: 7303,
    make: "Rivian",
    model: "R1S",
    year: 2023,
    metro: "seattle",
    trips: [30, 45, 12],
    grant: null,
    owner: "stranger",
    msrpUsd: 78000,
  },
  {
    tokenId: 7304,
    make: "Toyota",
    model: "Prius",
    year: 2022,
    metro: "losAngeles",
    trips: [45, 60, 30],
    grant: null,
    owner: "stranger",
    msrpUsd: 25075,
  },
  {
    tokenId: 7305,
    make: "Toyota",
    model: "RAV4",
    year: 2021,
    metro: "phoenix",
    trips: [30, 50, 50],
    grant: null,
    owner: "stranger",
    msrpUsd: 26350,
  },
  {
    tokenId: 7306,
    make: "Jeep",
    model: "Wrangler 4xe",
    year: 2022,
    metro: "saltLakeCity",
    trips: [25, 40, 18],
    grant: null,
    owner: "admin",
    msrpUsd: 51000,
  },
  {
    tokenId: 7307,
    make: "Honda",
    model: "Accord",
    year: 2020,
    metro: "miami",
    trips: [30, 45, 36],
    grant: null,
    owner: "admin",
    msrpUsd: 24970,
  },
  // Drives in real time (sandbox/live/), so webhooks fire and its Overview moves with nobody pushing. A vehicle of
  // its own, so that no test counting another vehicle's trips or deliveries sees its drives.
  {
    tokenId: 24001,
    make: "Honda",
    model: "Civic",
    year: 2024,
    metro: "newYork",
    trips: [200, 0, 0],
    grant: demo(ALL),
    owner: 2,
    msrpUsd: 24950,
    role: "live",
    name: "Live Demo Loop",
    live: { timeZone: "America/New_York", firstHour: 7, endHour: 22, everyMinutes: 20, placeRadiusMiles: 2.5 },
  },
];

// One generator for all names, so that no two vehicles share a name.
const nameRng = createPrng("vehicle-names");
const usedNames = new Set<string>();

function uniqueName(): string {
  for (;;) {
    const name = vehicleName(nameRng);
    if (!usedNames.has(name)) {
      usedNames.add(name);
      return name;
    }
  }
}

function toSeedVehicle(row: Row): SeedVehicle {
  const rng = createPrng(`vehicle:${row.tokenId}`);
  const [count, spanDays, lastEndHoursAgo, extraMissingEnds = 0] = row.trips;
  const owner = typeof row.owner === "number" ? VEHICLE_OWNERS[row.owner] : DEMO_LOGIN_ACCOUNTS[row.owner].address;
  if (!owner) throw new Error(`no seeded owner ${row.owner}`);
  return {
    tokenId: row.tokenId,
    make: row.make,
    model: row.model,
    year: row.year,
    definitionId: definitionIdOf(row.make, row.model, row.year),
    name: row.name ?? uniqueName(),
    imageURI: row.noImage ? "" : vehicleImageUri(rng),
    owner,
    metro: row.metro,
    trips: {
      count,
      spanDays,
      lastEndHoursAgo,
      extraMissingEndLocations: extraMissingEnds,
      ...(row.placeRadiusMiles === undefined ? {} : { placeRadiusMiles: row.placeRadiusMiles }),
    },
    grant: row.grant,
    msrpUsd: row.msrpUsd,
    role: row.role ?? null,
    ...(row.live ? { live: row.live } : {}),
  };
}

export const SEED_VEHICLES: readonly SeedVehicle[] = ROWS.map(toSeedVehicle);

/** Token ids by role; the client, page and browser tests depend on these exact values. */
export const VEHICLE_IDS = {
  manyTrips: 21957,
  perf: 17001,
  exactly100: 18234,
  noTrips: 19876,
  noTripsPrivilege: 20311,
  noValuationPrivilege: 20777,
  expiredGrant: 10420,
  /** Not granted to any license. */
  notGranted: 9001,
  /** Granted to the other license, not the demo one. */
  grantedToOtherLicense: 8777,
  /** 400 trips in New York, a few without an end location. */
  missingEndLocations: 15002,
  /** Privileges 1 and 4 only. */
  locationAndHistoryOnly: 14011,
  /** Privilege 8 only: telemetry's approximate location, nothing else. */
  approximateLocationOnly: 16550,
  /** Drives in real time against the sandbox's clock (sandbox/live/). */
  live: 24001,
  /** Every privilege and RAW_DATA (7): a BEV whose raw CloudEvents the Fetch API serves. */
  rawDataBev: 12345,
  /** Every privilege and RAW_DATA (7): a combustion car whose raw CloudEvents the Fetch API serves. */
  rawDataCombustion: 13004,
} as const;

/** Vehicles that drive in real time against the sandbox's clock. */
export const LIVE_VEHICLES: readonly SeedVehicle[] = SEED_VEHICLES.filter((v) => v.live !== undefined);

/** Vehicles with an unexpired grant to the demo license, newest token id first (the identity API's order). */
export const DEMO_GRANTED_VEHICLE_IDS: readonly number[] = SEED_VEHICLES.filter(
  (v) => v.grant?.license === "demo" && !v.grant.expired,
)
  .map((v) => v.tokenId)
  .sort((a, b) => b - a);

/**
 * Vehicles of the login page's accounts that no license holds a grant on when seeded, highest token id first: what a
 * share link offers on a fresh sandbox.
 */
export function shareableVehicleIds(account: DemoLoginAccount): number[] {
  const address = DEMO_LOGIN_ACCOUNTS[account].address;
  return SEED_VEHICLES.filter((v) => v.owner === address && v.grant === null)
    .map((v) => v.tokenId)
    .sort((a, b) => b - a);
}
