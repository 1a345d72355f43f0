// What changed between memos 0.22 and 0.31 that the converter reads differently, as data (docs/memos-schemas.md):
// one converter reads every version through the shape of its own.

export const OLDEST_MINOR = 22;
export const NEWEST_MINOR = 31;

export interface MemosShape {
  minor: number;
  /** `resource` until 0.25, `attachment` from 0.26. */
  attachmentTable: "resource" | "attachment";
  /** Pins in `memo_organizer` (0.22, 0.23) or the memo's own `pinned` column (0.24 on). */
  pinnedFrom: "organizer" | "column";
  /** A reaction names its memo by `content_id` `memos/{uid}` (until 0.30) or by `memo_id` (0.31). */
  reactionTarget: "content_id" | "memo_id";
  /** 0.22 wrote a reaction's type as a name (`THUMBS_UP`); 0.23 rewrote them as emoji. */
  reactionNames: boolean;
  /** Webhooks in their own table (until 0.24) or in the user setting `WEBHOOKS` (0.25 on). */
  webhooksFrom: "table" | "setting";
  /** Preferences as separate LOCALE/APPEARANCE/MEMO_VISIBILITY rows (until 0.24) or one GENERAL row (0.25 on). */
  preferencesFrom: "split" | "general";
  /** The user setting holding saved filters: SHORTCUTS (0.24 … 0.30) or MEMO_VIEWS (0.31); none before 0.24. */
  viewsKey: { key: string; field: string } | null;
  /** An inbox message points into `activity` (until 0.26) or carries its memos itself (0.27 on). */
  inboxFrom: "activity" | "message";
  hasMemoShare: boolean;
  hasUserIdentity: boolean;
  /** 0.26 turned the old HOST into ADMIN: the converter makes the first admin our host again. */
  hostRewritten: boolean;
}

/** The shape of memos 0.`minor` (OLDEST_MINOR … NEWEST_MINOR). */
export function memosShape(minor: number): MemosShape {
  return {
    minor,
    attachmentTable: minor <= 25 ? "resource" : "attachment",
    pinnedFrom: minor <= 23 ? "organizer" : "column",
    reactionTarget: minor >= 31 ? "memo_id" : "content_id",
    reactionNames: minor <= 22,
    webhooksFrom: minor <= 24 ? "table" : "setting",
    preferencesFrom: minor <= 24 ? "split" : "general",
    viewsKey: minor >= 31 ? { key: "MEMO_VIEWS", field: "memoViews" } : minor >= 24 ? { key: "SHORTCUTS", field: "shortcuts" } : null,
    inboxFrom: minor <= 26 ? "activity" : "message",
    hasMemoShare: minor >= 27,
    hasUserIdentity: minor >= 28,
    hostRewritten: minor >= 26,
  };
}

/** The emoji 0.23 put in place of 0.22's reaction names. */
export const REACTION_EMOJI: Readonly<Record<string, string>> = {
  THUMBS_UP: "👍",
  THUMBS_DOWN: "👎",
  HEART: "💛",
  FIRE: "🔥",
  CLAPPING_HANDS: "👏",
  LAUGH: "😂",
  OK_HAND: "👌",
  ROCKET: "🚀",
  EYES: "👀",
  THINKING_FACE: "🤔",
  CLOWN_FACE: "🤡",
  QUESTION_MARK: "❓",
};

/** Every table any memos 0.22 … 0.31 creates: what is moved aside before ours are made. */
export const MEMOS_TABLES = [
  "migration_history",
  "system_setting",
  "user",
  "user_setting",
  "memo",
  "memo_organizer",
  "memo_relation",
  "resource",
  "attachment",
  "activity",
  "idp",
  "inbox",
  "webhook",
  "reaction",
  "memo_share",
  "user_identity",
] as const;
