// The display-time rule in SQL, shared by the memo store (which keeps memo.display_ts current) and migration 006
// (which filled the column in): a memo shows its updated_ts when its creator's memoDisplayTsOption says so,
// its created_ts otherwise.
import { encodeUserSetting } from "../settings.js";

/** The stored text of memoDisplayTsOption = updated_ts, as an SQL string literal. */
const UPDATED_TS_TEXT = `'${encodeUserSetting("memoDisplayTsOption", "updated_ts").replaceAll("'", "''")}'`;

/** True, for a row of `memo`, when its creator chose to show updated times. */
export const UPDATED_TS_CHOSEN = `EXISTS (SELECT 1 FROM user_setting s WHERE s.user_id = memo.creator_id
  AND s.key = 'memoDisplayTsOption' AND s.value = ${UPDATED_TS_TEXT})`;
