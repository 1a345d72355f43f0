// Where each session is signed in (issue 27): the browser's user agent and the client's address, when it was last
// active (written at most once every few minutes: auth/session.ts), and a public id, the only name of a session the
// web ever sees (the primary key is the hash of the cookie token, a credential).
import { randomBytes } from "node:crypto";
import type { Migration } from "./types.js";

export const sessionClient: Migration = {
  name: "035-session-client",
  statements: () => [
    "ALTER TABLE session ADD COLUMN public_id TEXT",
    "ALTER TABLE session ADD COLUMN user_agent TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE session ADD COLUMN address TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE session ADD COLUMN last_active_ts BIGINT NOT NULL DEFAULT 0",
    "UPDATE session SET last_active_ts = created_ts",
  ],
  async after(db) {
    const rows = await db.selectFrom("session").select("id").execute();
    for (const row of rows) {
      await db
        .updateTable("session")
        .set({ public_id: randomBytes(16).toString("base64url") })
        .where("id", "=", row.id)
        .execute();
    }
    await db.schema.createIndex("idx_session_public_id").unique().on("session").column("public_id").execute();
  },
};
