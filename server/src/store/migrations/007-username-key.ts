// Usernames are unique ignoring case and width (`Alice` = `alice` = `ａｌｉｃｅ`): each user row gets its folded
// name in `username_key` under a unique index. Databases that already hold such a clash (memos v0.10 allowed
// them) keep every row: the oldest account gets the key and the others none, so they still sign in, and any
// rename or new account is checked against every key.
import { usernameKey } from "@memos/common";
import type { Migration } from "./types.js";

export const usernameKeys: Migration = {
  name: "007-username-key",
  statements: () => [`ALTER TABLE "user" ADD COLUMN username_key TEXT`],
  async after(db) {
    const users = await db.selectFrom("user").select(["id", "username"]).orderBy("id").execute();
    const taken = new Set<string>();
    for (const user of users) {
      const key = usernameKey(user.username);
      if (taken.has(key)) continue;
      taken.add(key);
      await db.updateTable("user").set({ username_key: key }).where("id", "=", user.id).execute();
    }
    await db.schema.createIndex("idx_user_username_key").unique().on("user").column("username_key").execute();
  },
};
