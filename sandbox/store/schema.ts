/**
 * The sandbox database. Times are epoch milliseconds; addresses are stored lowercase (the API checksums them on the
 * way out). Trips are stored as the exact JSON the service returns, ranked newest first per vehicle, so that a page
 * is one index range scan and no JSON is built per request. Telemetry is not stored: each trip's row in `drives`
 * holds what regenerates its route (start and end in micro-degrees, its position in the vehicle's life, the route's
 * seed) and the odometer and battery or fuel level at its start, so signals over any window are computed from the
 * trips in it. Grants change when an owner shares or revokes on the login page; `seed_grants` keeps the seeded ones,
 * so they can be restored.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS signing_keys (
  service TEXT PRIMARY KEY,
  kid TEXT NOT NULL,
  private_jwk TEXT NOT NULL,
  public_jwk TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS licenses (
  client_id TEXT PRIMARY KEY,
  token_id INTEGER NOT NULL UNIQUE,
  owner TEXT NOT NULL,
  alias TEXT,
  minted_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS license_redirect_uris (
  client_id TEXT NOT NULL REFERENCES licenses(client_id),
  uri TEXT NOT NULL,
  enabled_at INTEGER NOT NULL,
  PRIMARY KEY (client_id, uri)
);
CREATE TABLE IF NOT EXISTS license_signers (
  client_id TEXT NOT NULL REFERENCES licenses(client_id),
  address TEXT NOT NULL,
  enabled_at INTEGER NOT NULL,
  PRIMARY KEY (client_id, address)
);
CREATE TABLE IF NOT EXISTS vehicles (
  token_id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  image_uri TEXT NOT NULL,
  minted_at INTEGER NOT NULL,
  make TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER NOT NULL,
  definition_id TEXT NOT NULL,
  trip_count INTEGER NOT NULL,
  mileage INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS grants (
  token_id INTEGER NOT NULL REFERENCES vehicles(token_id),
  grantee TEXT NOT NULL,
  privileges TEXT NOT NULL,
  permissions TEXT NOT NULL,
  source TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  template_id INTEGER,
  PRIMARY KEY (token_id, grantee)
);
CREATE INDEX IF NOT EXISTS grants_by_grantee ON grants (grantee, expires_at, token_id);
CREATE TABLE IF NOT EXISTS seed_grants (
  token_id INTEGER NOT NULL,
  grantee TEXT NOT NULL,
  privileges TEXT NOT NULL,
  permissions TEXT NOT NULL,
  source TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  template_id INTEGER,
  PRIMARY KEY (token_id, grantee)
);
CREATE TABLE IF NOT EXISTS trips (
  token_id INTEGER NOT NULL,
  rank INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (token_id, rank)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS drives (
  token_id INTEGER NOT NULL,
  start_us INTEGER NOT NULL,
  end_us INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  start_lat INTEGER NOT NULL,
  start_lon INTEGER NOT NULL,
  end_lat INTEGER NOT NULL,
  end_lon INTEGER NOT NULL,
  odometer_km REAL NOT NULL,
  level_percent REAL NOT NULL,
  PRIMARY KEY (token_id, start_us)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS valuations (
  token_id INTEGER PRIMARY KEY REFERENCES vehicles(token_id),
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS offer_sets (
  id INTEGER PRIMARY KEY,
  token_id INTEGER NOT NULL REFERENCES vehicles(token_id),
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS offer_sets_by_vehicle ON offer_sets (token_id, expires_at);
CREATE TABLE IF NOT EXISTS instant_offer_requests (
  id INTEGER PRIMARY KEY,
  token_id INTEGER NOT NULL,
  client_id TEXT NOT NULL,
  requested_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS attester_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  private_key TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS attestations (
  id TEXT PRIMARY KEY,
  token_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  event TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS attestations_by_vehicle ON attestations (token_id, issued_at);
CREATE TABLE IF NOT EXISTS challenges (
  state TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  domain TEXT NOT NULL,
  message TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  used_at INTEGER
);
`;
