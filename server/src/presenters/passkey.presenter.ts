// A passkey row as its owner sees it: a name and dates, never the credential id or public key.
import type { Passkey } from "@memos/common";
import type { PasskeyRow } from "../store/sql/passkey.store.js";

export const presentPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdTs: Number(row.created_ts),
  lastUsedTs: row.last_used_ts === null ? null : Number(row.last_used_ts),
});
