-- Times are integer milliseconds since the epoch; the API renders them as ISO 8601.
-- Every row exposed by the API has an opaque public_id; integer ids stay internal and order rows
-- by creation, which is what keyset cursors walk.

CREATE TABLE IF NOT EXISTS businesses (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  name TEXT,
  country TEXT,
  content_download INTEGER NOT NULL DEFAULT 0,
  matching_quota INTEGER NOT NULL DEFAULT 0,
  matching_used INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS oauth_clients (
  client_id TEXT PRIMARY KEY,
  secret_sha256 TEXT NOT NULL,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  scopes TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS access_tokens (
  token_sha256 TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  scopes TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS channels (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  name TEXT,
  username TEXT NOT NULL,
  locale TEXT,
  country TEXT,
  avatar_url TEXT,
  bio TEXT
);

CREATE TABLE IF NOT EXISTS stores (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  name TEXT,
  url TEXT,
  currency TEXT NOT NULL,
  provider TEXT NOT NULL DEFAULT 'local',
  store_type TEXT NOT NULL DEFAULT 'store',
  uid TEXT,
  assistant_linked INTEGER NOT NULL DEFAULT 0,
  deleted_at INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS stores_uid ON stores(business_id, uid) WHERE uid IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  external_id TEXT NOT NULL,
  name TEXT,
  handle TEXT,
  description TEXT,
  category TEXT,
  currency TEXT,
  brand TEXT,
  subtitle TEXT,
  options TEXT NOT NULL DEFAULT '[]',
  shipping TEXT,
  hide_price INTEGER NOT NULL DEFAULT 0,
  custom_cta TEXT,
  search_text TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS products_external ON products(store_id, external_id);
-- A store's products newest first (the rowid rides in the index): a search stops at its page
-- instead of sorting every product of the store.
CREATE INDEX IF NOT EXISTS products_store ON products(store_id);

CREATE TABLE IF NOT EXISTS product_units (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name TEXT,
  position INTEGER NOT NULL,
  options TEXT NOT NULL DEFAULT '[]',
  url TEXT,
  price REAL,
  original_price REAL,
  quantity INTEGER,
  sku TEXT,
  external_id TEXT NOT NULL,
  gtin TEXT,
  mpn TEXT,
  barcode TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS units_external ON product_units(product_id, external_id);
CREATE INDEX IF NOT EXISTS units_sku ON product_units(sku);
CREATE INDEX IF NOT EXISTS units_gtin ON product_units(gtin);
CREATE INDEX IF NOT EXISTS units_mpn ON product_units(mpn);
CREATE INDEX IF NOT EXISTS units_barcode ON product_units(barcode);
CREATE INDEX IF NOT EXISTS units_unit_external ON product_units(external_id);

CREATE TABLE IF NOT EXISTS product_images (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  product_id INTEGER NOT NULL REFERENCES products(id),
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  external_id TEXT,
  unit_external_ids TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS product_images_product ON product_images(product_id, position);

CREATE TABLE IF NOT EXISTS videos (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  status TEXT NOT NULL DEFAULT 'pending',
  video_type TEXT NOT NULL DEFAULT 'video',
  access TEXT NOT NULL DEFAULT 'public',
  audio_disabled INTEGER NOT NULL DEFAULT 0,
  caption TEXT,
  description TEXT,
  duration REAL,
  width INTEGER,
  height INTEGER,
  size_bytes INTEGER,
  hashtags TEXT NOT NULL DEFAULT '[]',
  archived_at INTEGER,
  published_at INTEGER,
  action_type TEXT,
  action_url TEXT,
  action_custom_label TEXT,
  custom_fields TEXT NOT NULL DEFAULT '{}',
  display_social_attributions INTEGER,
  external_media TEXT,
  content_generation_type TEXT,
  creation_details TEXT,
  storage_key TEXT,
  thumbnail_url TEXT,
  import_id INTEGER,
  process_after INTEGER,
  created_event_sent INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER
);
-- The list walks one channel's live rows newest first; filters narrow that walk.
CREATE INDEX IF NOT EXISTS videos_channel_live ON videos(channel_id, id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS videos_pending ON videos(process_after) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS videos_storage_key ON videos(storage_key);

-- The video list is answered by an in-memory search index (search/video-search-index.ts). These
-- triggers log every change to a column it filters on, and the index applies the log before each
-- query, so it can never drift from this table whichever code path wrote it.
CREATE TABLE IF NOT EXISTS video_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  video_id INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS videos_log_insert AFTER INSERT ON videos BEGIN
  INSERT INTO video_changes (video_id) VALUES (new.id);
END;
CREATE TRIGGER IF NOT EXISTS videos_log_update
AFTER UPDATE OF channel_id, caption, hashtags, archived_at, deleted_at, status, access, video_type, published_at ON videos
BEGIN
  INSERT INTO video_changes (video_id) VALUES (new.id);
END;

-- Product listings of a video: unit_id NULL tags the product, otherwise the unit (variant).
CREATE TABLE IF NOT EXISTS video_products (
  id INTEGER PRIMARY KEY,
  video_id INTEGER NOT NULL REFERENCES videos(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  unit_id INTEGER REFERENCES product_units(id),
  position INTEGER NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS video_products_video ON video_products(video_id, position);
CREATE INDEX IF NOT EXISTS video_products_product ON video_products(product_id, video_id);

CREATE TABLE IF NOT EXISTS video_posters (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  video_id INTEGER NOT NULL REFERENCES videos(id),
  url TEXT NOT NULL,
  aspect_ratio TEXT,
  format TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  poster_type TEXT NOT NULL,
  source TEXT,
  external_id TEXT,
  weight REAL
);
CREATE INDEX IF NOT EXISTS video_posters_video ON video_posters(video_id);
CREATE UNIQUE INDEX IF NOT EXISTS video_posters_external ON video_posters(video_id, external_id) WHERE external_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS subtitles (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  video_id INTEGER NOT NULL REFERENCES videos(id),
  language TEXT NOT NULL,
  is_cc INTEGER NOT NULL DEFAULT 0,
  format TEXT NOT NULL,
  storage_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS upload_keys (
  key TEXT PRIMARY KEY,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  mime_type TEXT NOT NULL,
  upload_id TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS imports (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  url TEXT NOT NULL,
  metadata TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'running',
  reason TEXT,
  video_id INTEGER REFERENCES videos(id),
  created_at INTEGER NOT NULL,
  completed_at INTEGER,
  started INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS matching_jobs (
  id INTEGER PRIMARY KEY,
  video_id INTEGER NOT NULL REFERENCES videos(id),
  status TEXT NOT NULL,
  auto_accept INTEGER NOT NULL DEFAULT 0,
  run_after INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX IF NOT EXISTS matching_jobs_video ON matching_jobs(video_id, id);

CREATE TABLE IF NOT EXISTS product_matches (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  video_id INTEGER NOT NULL REFERENCES videos(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  status TEXT NOT NULL DEFAULT 'pending',
  score INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS product_matches_unique ON product_matches(video_id, product_id);

CREATE TABLE IF NOT EXISTS playlists (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  name TEXT NOT NULL,
  description TEXT,
  ai_feed_enabled INTEGER NOT NULL DEFAULT 0,
  archived_at INTEGER,
  updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS playlist_videos (
  playlist_id INTEGER NOT NULL REFERENCES playlists(id),
  position INTEGER NOT NULL,
  video_id INTEGER NOT NULL REFERENCES videos(id),
  pinned INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (playlist_id, position)
) WITHOUT ROWID;

-- Which catalog products each seeded demo video shows: the ground truth the demo matcher draws
-- its scores from (matching/truth-model.ts). Only tests and benchmarks read it
-- (seed/truth.ts); no route answers from it, or the scores would stop being a test of trust.
CREATE TABLE IF NOT EXISTS demo_truth (
  video_id INTEGER NOT NULL REFERENCES videos(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  PRIMARY KEY (video_id, product_id)
) WITHOUT ROWID;
