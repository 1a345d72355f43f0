// Every served v1 service, in the order of memos' own files. Both transports and the route tests read this list.
import type { V1Service } from "../rpc.js";
import { aiRpcs } from "./ai.rpcs.js";
import { attachmentRpcs } from "./attachment.rpcs.js";
import { authRpcs } from "./auth.rpcs.js";
import { identityProviderRpcs } from "./idp.rpcs.js";
import { instanceRpcs } from "./instance.rpcs.js";
import { memoRpcs } from "./memo.rpcs.js";
import { memoViewRpcs } from "./memo-view.rpcs.js";
import { shortcutRpcs } from "./shortcut.rpcs.js";
import { userRpcs } from "./user.rpcs.js";

export const V1_SERVICES: readonly V1Service[] = [
  authRpcs,
  userRpcs,
  memoRpcs,
  attachmentRpcs,
  instanceRpcs,
  shortcutRpcs,
  memoViewRpcs,
  identityProviderRpcs,
  aiRpcs,
];
