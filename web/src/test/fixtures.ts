// Factories of the API's entities for web tests: a complete, valid object typed from @memos/common, with only what
// a test is about given as overrides (`memoFixture({ content: "Hello" })`).
import type { Memo, Resource, Shortcut, User } from "@memos/common";

export const userFixture = (overrides: Partial<User> = {}): User => ({
  id: 1,
  rowStatus: "NORMAL",
  createdTs: 0,
  updatedTs: 0,
  username: "user",
  role: "USER",
  email: "",
  nickname: "",
  avatarUrl: "",
  openId: "",
  userSettingList: null,
  ...overrides,
});

export const resourceFixture = (overrides: Partial<Resource> = {}): Resource => ({
  id: 1,
  creatorId: 1,
  createdTs: 0,
  updatedTs: 0,
  filename: "file.png",
  externalLink: "",
  type: "image/png",
  size: 10,
  linkedMemoAmount: 0,
  ...overrides,
});

/** The creator defaults to `userFixture()`, and `creatorId` to the creator's id. */
export function memoFixture(overrides: Partial<Memo> = {}): Memo {
  const creator = overrides.creator ?? userFixture();
  return {
    id: 1,
    rowStatus: "NORMAL",
    creatorId: creator.id,
    createdTs: 0,
    updatedTs: 0,
    displayTs: 0,
    content: "",
    visibility: "PUBLIC",
    pinned: false,
    creator,
    resourceList: [],
    location: null,
    ...overrides,
  };
}

export const shortcutFixture = (overrides: Partial<Shortcut> = {}): Shortcut => ({
  id: 1,
  rowStatus: "NORMAL",
  creatorId: 1,
  createdTs: 0,
  updatedTs: 0,
  title: "shortcut",
  payload: "[]",
  ...overrides,
});
