import { v010Base } from "./001-v010-base.js";
import { sessions } from "./002-sessions.js";
import { memoTags } from "./003-memo-tags.js";
import { indexes } from "./004-indexes.js";
import { fulltext } from "./005-fulltext.js";
import { displayTs } from "./006-display-ts.js";
import { usernameKeys } from "./007-username-key.js";
import { authFailureKeys } from "./008-auth-failure-keys.js";
import { listCounters } from "./009-list-counters.js";
import { tagPrefixIndex } from "./010-tag-prefix-index.js";
import { accessTokens } from "./011-access-tokens.js";
import { webhooks } from "./012-webhooks.js";
import { resourceInternalPath } from "./013-resource-internal-path.js";
import { shortTextIndex } from "./015-short-text-index.js";
import { memoTagCreator } from "./016-memo-tag-creator.js";
import { memoTagDisplay } from "./017-memo-tag-display.js";
import { fulltextInstances } from "./018-fulltext-instances.js";
import { visibleDisplayIndexes } from "./019-visible-display-indexes.js";
import { changeNotify } from "./020-change-notify.js";
import { fulltextDisplayOrder } from "./021-fulltext-display-order.js";
import { fulltextMerging } from "./022-fulltext-merging.js";
import { creatorVisibleDisplayIndexes } from "./023-creator-visible-display-indexes.js";
import { sqliteCreatorVisibilityIndex } from "./024-sqlite-creator-visibility-index.js";
import { memoStatsIndex } from "./025-memo-stats-index.js";
import { webhookPause } from "./026-webhook-pause.js";
import { historyAndTrash } from "./027-history-and-trash.js";
import { memoShare } from "./028-memo-share.js";
import { memoRelation } from "./029-memo-relation.js";
import { memoReaction } from "./030-memo-reaction.js";
import { memoComment } from "./031-memo-comment.js";
import { inbox } from "./032-inbox.js";
import { commentReaction } from "./033-comment-reaction.js";
import { twoFactor } from "./034-two-factor.js";
import { sessionClient } from "./035-session-client.js";
import { identityProvider } from "./037-identity-provider.js";
import { passkeys } from "./038-passkeys.js";
import { oauth } from "./039-oauth.js";
import { counterTriggerPlans } from "./040-counter-trigger-plans.js";
import { ssoFlowAddress } from "./041-sso-flow-address.js";
import { mcpRate } from "./042-mcp-rate.js";
import { secondFactor } from "./043-second-factor.js";
import { trashPurge } from "./044-trash-purge.js";
import { oauthGrantedScope } from "./045-oauth-granted-scope.js";
import { memoUid } from "./046-memo-uid.js";
import { commentResourceUid } from "./047-comment-resource-uid.js";
import { memoPropertyFlagsMigration } from "./048-memo-property-flags.js";
import { memoLocation } from "./049-memo-location.js";
import { updatedOrderIndexes } from "./050-updated-order-indexes.js";
import { spaces } from "./051-spaces.js";
import { liveEvent } from "./052-live-event.js";
import { userAvatar } from "./053-user-avatar.js";
import { resourceThumbnail } from "./054-resource-thumbnail.js";
import { oauth2IdentityProvider } from "./055-oauth2-identity-provider.js";
import type { Migration } from "./types.js";

/** Every migration, in the order it runs. Append only. */
export const MIGRATIONS: Migration[] = [
  v010Base,
  sessions,
  memoTags,
  indexes,
  fulltext,
  displayTs,
  usernameKeys,
  authFailureKeys,
  listCounters,
  tagPrefixIndex,
  accessTokens,
  webhooks,
  resourceInternalPath,
  shortTextIndex,
  memoTagCreator,
  memoTagDisplay,
  fulltextInstances,
  visibleDisplayIndexes,
  changeNotify,
  fulltextDisplayOrder,
  fulltextMerging,
  creatorVisibleDisplayIndexes,
  sqliteCreatorVisibilityIndex,
  memoStatsIndex,
  webhookPause,
  historyAndTrash,
  memoShare,
  memoRelation,
  memoReaction,
  memoComment,
  inbox,
  commentReaction,
  twoFactor,
  sessionClient,
  identityProvider,
  passkeys,
  oauth,
  counterTriggerPlans,
  ssoFlowAddress,
  mcpRate,
  secondFactor,
  trashPurge,
  oauthGrantedScope,
  memoUid,
  commentResourceUid,
  memoPropertyFlagsMigration,
  memoLocation,
  updatedOrderIndexes,
  spaces,
  liveEvent,
  userAvatar,
  resourceThumbnail,
  oauth2IdentityProvider,
];
