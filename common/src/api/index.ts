export * from "./customized-profile.js";
export * from "./instance-settings.js";
export * from "./reasons.js";
export * from "./input-limits.js";
export { pathId, WHOLE_MESSAGE } from "./schema-parts.js";
export {
  DEFAULT_HISTORY_PAGE,
  MAX_HISTORY_PAGE,
  memoSelection,
  roleSchema,
  rowStatusSchema,
  unixSeconds,
  visibilitySchema,
} from "./shared-schemas.js";
export * from "./envelopes.js";
// Each area's bodies, queries and answers, beside its routes (routes/<area>.ts).
export * from "./schemas/access-token.js";
export * from "./schemas/auth.js";
export * from "./schemas/comment.js";
export * from "./schemas/events.js";
export * from "./schemas/export.js";
export * from "./schemas/identity-provider.js";
export * from "./schemas/import.js";
export * from "./schemas/inbox.js";
export * from "./schemas/memo.js";
export * from "./schemas/oauth.js";
export * from "./schemas/passkey.js";
export * from "./schemas/reaction.js";
export * from "./schemas/resource.js";
export * from "./schemas/session.js";
export * from "./schemas/share.js";
export * from "./schemas/space.js";
export * from "./schemas/shortcut.js";
export * from "./schemas/sso.js";
export * from "./schemas/system.js";
export * from "./schemas/tag.js";
export * from "./schemas/totp.js";
export * from "./schemas/trash.js";
export * from "./schemas/user.js";
export * from "./schemas/webhook.js";
export * from "./route.js";
export * from "./body-limits.js";
export * from "./routes/index.js";
export * from "./route-manifest.js";
export * from "./mcp-tools.js";
