// `--storage local` keeps an upload's bytes in a file under <data>/assets instead of the blob column. The row
// records where: internal_path, relative to the assets folder ('' for a blob or an external link). The name is
// the one later memos versions gave this column.
import type { Migration } from "./types.js";

export const resourceInternalPath: Migration = {
  name: "013-resource-internal-path",
  statements: () => [`ALTER TABLE resource ADD COLUMN internal_path TEXT NOT NULL DEFAULT ''`],
};
