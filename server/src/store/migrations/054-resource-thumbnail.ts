// Thumbnails of image resources (memos' `?thumbnail=true`), kept once made: a row per resource, with the thumbnail's
// bytes and type, or no bytes when the original serves as its own thumbnail (small already, not a PNG or JPEG,
// unreadable), so an image is decoded at most once. In the database rather than a cache folder: the rows go with
// their resource on every deletion path (owned-rows.ts), and several server processes on one PostgreSQL share them.
// A cache: transfers and exports leave it behind and the next view makes it again.
import type { Migration } from "./types.js";

export const resourceThumbnail: Migration = {
  name: "054-resource-thumbnail",
  statements: (engine) => [
    `CREATE TABLE resource_thumbnail (
      resource_id INTEGER PRIMARY KEY,
      type TEXT NOT NULL,
      content ${engine === "sqlite" ? "BLOB" : "BYTEA"},
      created_ts BIGINT NOT NULL)`,
  ],
};
