-- The lifecycle globe loads project zones by view (GET /api/globe/lifecycle/zones): a box search.
CREATE INDEX IF NOT EXISTS lifecycle_zone_geom_idx ON lifecycle_zone USING gist (geom);
