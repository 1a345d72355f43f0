// RSS 2.0 feeds of public memos: one per user and one for the whole instance.
import type { AppContext } from "../context.js";
import { notFound } from "../errors.js";
import { feedScope } from "../policies/memo.policy.js";
import { listMemos } from "../store/sql/memo/memo.store.js";
import { findUserById, findUsersByIds } from "../store/sql/user.store.js";
import { markdownToSafeHtml } from "./markdown-html.js";

const FEED_SIZE = 100;

const escapeXml = (text: string): string =>
  text
    .replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!)
    // XML 1.0 forbids most control characters, even escaped.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

const rfc822 = (seconds: number): string => new Date(seconds * 1000).toUTCString();

interface FeedOptions {
  baseUrl: string;
  creatorId?: number;
}

/** `/u/:id/rss.xml` (404 for an unknown user) and `/explore/rss.xml`. */
export async function buildFeed(ctx: AppContext, { baseUrl, creatorId }: FeedOptions): Promise<string> {
  const { db, engine } = ctx.store;
  const owner = creatorId === undefined ? undefined : await findUserById(db, creatorId);
  if (creatorId !== undefined && !owner) throw notFound(`User not found: ${creatorId}`);
  const rows = await listMemos(db, engine, feedScope(creatorId), { pinnedFirst: false, limit: FEED_SIZE, offset: 0 });
  const creators = await findUsersByIds(
    db,
    rows.map((row) => row.creator_id),
  );
  const items = rows.map((row) => {
    const username = creators.get(row.creator_id)?.username ?? "memos";
    const link = `${baseUrl}/m/${row.id}`;
    return [
      "<item>",
      `<title>${escapeXml(`${username}-memos-${row.id}`)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<description>${escapeXml(markdownToSafeHtml(row.content, baseUrl))}</description>`,
      `<pubDate>${rfc822(Number(row.display_ts))}</pubDate>`,
      "</item>",
    ].join("");
  });
  const title = owner ? `${owner.nickname || owner.username} - Memos` : "Memos";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    "<channel>",
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(owner ? `${baseUrl}/u/${owner.id}` : `${baseUrl}/explore`)}</link>`,
    `<description>${escapeXml(title)}</description>`,
    `<lastBuildDate>${new Date().toUTCString()}</lastBuildDate>`,
    ...items,
    "</channel>",
    "</rss>",
  ].join("\n");
}
