// Memos as the MCP tools answer them (common/src/api/mcp-tools.ts): ISO times, tags, links an assistant can show,
// and each memo as Markdown for its `memo://<id>` resource.
import {
  extractTags,
  formatCoordinates,
  type McpMemoDetail,
  type McpMemoSummary,
  type Memo,
  type MemoLocation,
  type MemoRelation,
  type RelatedMemo,
  type Resource,
} from "@memos/common";

/** The start of a memo's text an assistant sees in a list: enough to tell memos apart. */
const SNIPPET_CHARACTERS = 280;

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
export const memoUri = (id: number) => `memo://${id}`;

function snippetOf(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  const characters = [...flat];
  return characters.length <= SNIPPET_CHARACTERS ? flat : `${characters.slice(0, SNIPPET_CHARACTERS).join("")}…`;
}

function fields(memo: Memo, origin: string) {
  return {
    id: memo.id,
    uri: memoUri(memo.id),
    url: `${origin}/m/${memo.id}`,
    createdAt: iso(memo.createdTs),
    updatedAt: iso(memo.updatedTs),
    visibility: memo.visibility,
    pinned: memo.pinned,
    archived: memo.rowStatus === "ARCHIVED",
    tags: extractTags(memo.content),
  };
}

export const presentMcpSummary = (memo: Memo, origin: string): McpMemoSummary => ({
  ...fields(memo, origin),
  snippet: snippetOf(memo.content),
});

function attachmentUrl(resource: Resource, origin: string): string {
  return resource.externalLink || `${origin}/o/r/${resource.id}/${encodeURIComponent(resource.filename)}`;
}

const related = (memo: RelatedMemo) => ({ id: memo.id, uri: memoUri(memo.id), snippet: snippetOf(memo.snippet) });

/** `relation`: its links and backlinks as the viewer may see them, when asked for. */
export function presentMcpDetail(memo: Memo, origin: string, relation?: MemoRelation): McpMemoDetail {
  return {
    ...fields(memo, origin),
    content: memo.content,
    creator: memo.creator.username,
    attachments: memo.resourceList.map((resource) => ({
      name: resource.filename,
      type: resource.type,
      size: resource.size,
      url: attachmentUrl(resource, origin),
    })),
    ...(relation && relation.links.length > 0 && { links: relation.links.map(related) }),
    ...(relation && relation.backlinks.length > 0 && { backlinks: relation.backlinks.map(related) }),
    ...(memo.location && {
      location: { name: memo.location.placeholder, latitude: memo.location.latitude, longitude: memo.location.longitude },
    }),
  };
}

/** A place in words: its name, and its coordinates when known. */
function placeText(location: MemoLocation): string {
  const { placeholder, latitude, longitude } = location;
  if (latitude === null || longitude === null) return placeholder;
  const coordinates = formatCoordinates(latitude, longitude);
  return placeholder.trim() === "" ? coordinates : `${placeholder} (${coordinates})`;
}

/** A memo as a Markdown document: a short header of what it is, then its text. */
export function memoMarkdown(memo: Memo, origin: string): string {
  const detail = presentMcpDetail(memo, origin);
  const header = [
    `<!-- memo ${memo.id} by @${detail.creator}, ${detail.visibility.toLowerCase()}, created ${detail.createdAt}, updated ${detail.updatedAt}${detail.archived ? ", archived" : ""}${detail.pinned ? ", pinned" : ""} -->`,
  ];
  const files = detail.attachments.map((file) => `- [${file.name}](${file.url})`);
  const place = memo.location ? [`<!-- place: ${placeText(memo.location)} -->`] : [];
  return [...header, ...place, "", memo.content, ...(files.length > 0 ? ["", "Attachments:", ...files] : [])].join("\n");
}
