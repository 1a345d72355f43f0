// memos' identity providers and the accounts linked to them. memos' providers are plain OAuth 2 (its `idp.config`
// holds `oauth2Config`: client, URLs, scopes and the field mapping), which ours are too when of type OAUTH2, so each
// comes over as it was, its secret kept and new accounts made as memos made them (while sign-up is open). Links
// (0.28+ `user_identity`: the provider's uid and the identifier it returned) come over as they are; before 0.28 memos
// had no links and signed in the user whose username was the provider's identifier, so each user is linked to each
// provider by their username, and signs in as before.
import type { Db } from "../db.js";
import { allRows, type ConversionTally, jsonObject, type Source, secondsOf, textOf } from "./source.js";

interface MemosProvider {
  id: number;
  uid?: string;
  name: string;
  type: string;
  identifier_filter: string;
  config: unknown;
}

interface MemosIdentity {
  user_id: number;
  provider: string;
  extern_uid: string;
  created_ts: unknown;
}

/** A memos provider's OAuth 2 config as our row's columns, or null when it holds none we can use. */
function oauth2ColumnsOf(provider: MemosProvider) {
  const config = jsonObject(jsonObject(provider.config).oauth2Config);
  const mapping = jsonObject(config.fieldMapping);
  const columns = {
    auth_url: textOf(config.authUrl),
    token_url: textOf(config.tokenUrl),
    user_info_url: textOf(config.userInfoUrl),
    username_claim: textOf(mapping.identifier),
  };
  if (Object.values(columns).some((value) => value === "")) return null;
  const scopes = Array.isArray(config.scopes) ? config.scopes.filter((scope): scope is string => typeof scope === "string") : [];
  return {
    ...columns,
    client_id: textOf(config.clientId),
    client_secret: textOf(config.clientSecret),
    scopes: scopes.join(" "),
    display_name_field: textOf(mapping.displayName),
    email_field: textOf(mapping.email),
    avatar_url_field: textOf(mapping.avatarUrl),
  };
}

export async function copySignInProviders(tx: Db, source: Source, tally: ConversionTally, now: number): Promise<void> {
  const providers = (await allRows<MemosProvider>(source, "idp")).sort((a, b) => Number(a.id) - Number(b.id));
  /** Our provider's id by memos' uid (how 0.28+ links name it). */
  const byUid = new Map<string, number>();
  const copied: number[] = [];
  const skipped: string[] = [];
  const filtered: string[] = [];
  for (const provider of providers) {
    const columns = provider.type === "OAUTH2" ? oauth2ColumnsOf(provider) : null;
    if (!columns) {
      skipped.push(`${provider.name} (${provider.type})`);
      continue;
    }
    // memos' identifier filter (a regular expression the identifier must match) is not ours to run: with one, the
    // provider signs in the accounts already linked and makes no new ones, so nobody the filter kept out gets in.
    const filter = textOf(provider.identifier_filter);
    if (filter !== "") filtered.push(provider.name);
    const row = await tx
      .insertInto("identity_provider")
      .values({
        type: "OAUTH2",
        name: provider.name,
        issuer: "",
        ...columns,
        create_users: filter === "" ? 1 : 0,
        new_user_role: "USER",
        enabled: 1,
        created_ts: now,
        updated_ts: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tally.add("identity providers");
    copied.push(row.id);
    if (provider.uid) byUid.set(textOf(provider.uid), row.id);
  }
  if (skipped.length > 0) tally.leave(`${skipped.length} identity providers without a usable OAuth 2 config: ${skipped.join(", ")}`);
  if (filtered.length > 0)
    tally.leave(
      `the identifier filters of ${filtered.join(", ")}: these providers sign in linked accounts and create none (turn it on in Settings › Single sign-on)`,
    );
  if (source.tables.has("user_identity")) {
    const users = new Set((await tx.selectFrom("user").select("id").execute()).map((user) => user.id));
    for (const identity of await allRows<MemosIdentity>(source, "user_identity")) {
      const providerId = byUid.get(textOf(identity.provider));
      if (providerId === undefined || !users.has(Number(identity.user_id))) continue;
      const created = secondsOf(identity.created_ts);
      await tx
        .insertInto("user_identity")
        .values({
          user_id: Number(identity.user_id),
          provider_id: providerId,
          subject: textOf(identity.extern_uid),
          created_ts: created,
          last_used_ts: null,
        })
        .execute();
      tally.add("linked identities");
    }
    return;
  }
  // Before 0.28: the provider's identifier was a username.
  if (copied.length === 0) return;
  for (const user of await tx.selectFrom("user").select(["id", "username"]).orderBy("id").execute()) {
    for (const providerId of copied) {
      await tx
        .insertInto("user_identity")
        .values({ user_id: user.id, provider_id: providerId, subject: user.username, created_ts: now, last_used_ts: null })
        .execute();
      tally.add("linked identities");
    }
  }
}
