// The route table: every endpoint of the server, once, by a stable name ("memo.create"). One file per area; the
// server registers its routes from it (server/src/http/route-table.ts) and the web calls them through a client
// typed by it (web/src/api/client.ts). Entries are in the order the server registers them.
import type { z } from "zod";
import { type BodyLimits, bodyLimitsOf } from "../body-limits.js";
import type { FormInput, Input, RouteEntry } from "../route.js";
import { accessTokenRoutes } from "./access-token.js";
import { authRoutes } from "./auth.js";
import { totpRoutes } from "./totp.js";
import { passkeyRoutes } from "./passkey.js";
import { docsRoutes } from "./docs.js";
import { exportRoutes } from "./export.js";
import { importRoutes } from "./import.js";
import { memoRoutes } from "./memo.js";
import { resourceRoutes } from "./resource.js";
import { rssRoutes } from "./rss.js";
import { sessionRoutes } from "./session.js";
import { shareRoutes } from "./share.js";
import { shortcutRoutes } from "./shortcut.js";
import { spaceRoutes } from "./space.js";
import { systemRoutes } from "./system.js";
import { inboxRoutes } from "./inbox.js";
import { reactionRoutes } from "./reaction.js";
import { commentRoutes } from "./comment.js";
import { tagRoutes } from "./tag.js";
import { trashRoutes } from "./trash.js";
import { userRoutes } from "./user.js";
import { webhookRoutes } from "./webhook.js";
import { identityProviderRoutes } from "./identity-provider.js";
import { ssoRoutes } from "./sso.js";
import { oauthRoutes } from "./oauth.js";
import { mcpRoutes } from "./mcp.js";
import { opsRoutes } from "./ops.js";
import { eventsRoutes } from "./events.js";

export const ROUTES = {
  ...docsRoutes,
  ...authRoutes,
  ...totpRoutes,
  ...passkeyRoutes,
  ...sessionRoutes,
  ...userRoutes,
  ...systemRoutes,
  ...memoRoutes,
  ...trashRoutes,
  ...reactionRoutes,
  ...commentRoutes,
  ...inboxRoutes,
  ...eventsRoutes,
  ...shareRoutes,
  ...spaceRoutes,
  ...shortcutRoutes,
  ...resourceRoutes,
  ...tagRoutes,
  ...exportRoutes,
  ...importRoutes,
  ...accessTokenRoutes,
  ...webhookRoutes,
  ...rssRoutes,
  ...ssoRoutes,
  ...identityProviderRoutes,
  ...oauthRoutes,
  ...mcpRoutes,
  ...opsRoutes,
} satisfies Record<string, RouteEntry>;

type Routes = typeof ROUTES;
export type RouteName = keyof Routes;

const bodyLimits = new Map<RouteName, BodyLimits>();
/** The largest body the route reads (common/src/api/body-limits.ts), worked out once per process. */
export function routeBodyLimits(name: RouteName): BodyLimits {
  const known = bodyLimits.get(name);
  if (known) return known;
  const entry: RouteEntry = ROUTES[name];
  const limits = bodyLimitsOf(name, entry.body?.kind === "input" ? entry.body.schema : undefined, entry.bodyLimit);
  bodyLimits.set(name, limits);
  return limits;
}

/** The area of a name ("memo" of "memo.create"): the OpenAPI document's tag. */
type AreaOf<N extends string> = N extends `${infer Area}.${string}` ? Area : never;
export type Area = AreaOf<RouteName>;
export const areaOf = (name: RouteName): Area => name.slice(0, name.indexOf(".")) as Area;

/** What each area holds, as the OpenAPI document introduces its group of operations. */
export const AREAS: Record<Area, string> = {
  auth: "Sign in, sign up, sign out",
  totp: "Two-factor sign-in (TOTP) and its recovery codes",
  passkey: "Passkeys (WebAuthn): a second factor, and signing in without a password",
  session: "Where the caller is signed in: browser sessions, and signing them out",
  user: "Accounts and their settings",
  memo: "Memos, lists, stats, pins and resource links",
  shortcut: "Saved filters",
  resource: "Uploaded files and external links",
  tag: "Tags",
  reaction: "Emoji reactions on memos",
  comment: "Comments on memos (not memos: no memo list shows them)",
  inbox: "Mentions, reactions and comments that concern the caller",
  events: "Live events: what changed, as it changes (Server-Sent Events)",
  trash: "Deleted memos, until they are restored or purged",
  share: "Private share links to one memo",
  space: "Spaces: shared collections of memos with members (owner, editors, readers)",
  system: "Server status and system settings",
  export: "Your data as a zip archive",
  import: "Archives from memos and other note apps into your account",
  "access-token": "Personal access tokens (managed from a signed-in session)",
  webhook: "Signed webhooks and their delivery log",
  rss: "RSS feeds",
  docs: "This document",
  sso: "Single sign-on with OpenID Connect: the browser flow and linked identities",
  "identity-provider": "The host's OpenID Connect identity providers",
  oauth: "OAuth 2.1 for MCP clients: metadata, client registration, tokens, and the consent page's calls",
  mcp: "The MCP server for AI assistants (Model Context Protocol over Streamable HTTP)",
  ops: "Health, readiness and Prometheus metrics, for operators and their tools",
};

/** The names of one area's routes. */
export type NamesOf<A extends Area> = Extract<RouteName, `${A}.${string}`>;

type EntryOf<N extends RouteName> = Routes[N];

/** The path parameters as a route's handler gets them (ids parsed to numbers). */
export type ParamsOf<N extends RouteName> = EntryOf<N> extends { params: infer P extends z.ZodType } ? z.output<P> : Record<string, never>;
/** The parsed query string. */
export type QueryOf<N extends RouteName> = EntryOf<N> extends { query: Input<infer S> } ? z.output<S> : Record<string, never>;
/** The parsed JSON body (`undefined` for a route without one; an uploaded form is read by the handler). */
export type BodyOf<N extends RouteName> = EntryOf<N> extends { body: Input<infer S> } ? z.output<S> : undefined;

/** What a client sends: path parameters as text or numbers, the query and the body as their schemas take them. */
export type ParamsInput<N extends RouteName> =
  EntryOf<N> extends { params: infer P extends z.ZodType } ? { [K in keyof z.input<P>]: string | number } : undefined;
/** A query's values as a client writes them: numbers and booleans become the text the schema reads. */
export type QueryInput<N extends RouteName> =
  EntryOf<N> extends { query: Input<infer S> } ? { [K in keyof z.input<S>]?: NonNullable<z.input<S>[K]> | number | boolean } : undefined;
export type BodyInput<N extends RouteName> = EntryOf<N> extends { body: Input<infer S> } ? z.input<S> : undefined;

/** The routes that take an uploaded form. */
export type FormRouteName = { [N in RouteName]: EntryOf<N> extends { body: FormInput } ? N : never }[RouteName];

/** The answer's value: the envelope's `data`, or the bare JSON value; `never` for an answer that is not JSON. */
export type AnswerOf<N extends RouteName> = EntryOf<N>["answer"] extends { kind: "data" | "bare"; schema: infer S extends z.ZodType }
  ? z.output<S>
  : never;

/**
 * What the web's client needs of a route: its method, path and the kind of its answer; no schema, summary or
 * description, so the browser does not download them. common/src/api/route-manifest.ts is written from the table.
 */
export interface ManifestEntry<N extends RouteName> {
  readonly method: EntryOf<N>["method"];
  readonly path: EntryOf<N>["path"];
  readonly answer: EntryOf<N>["answer"]["kind"];
}
export type RouteManifest = { readonly [N in RouteName]: ManifestEntry<N> };
