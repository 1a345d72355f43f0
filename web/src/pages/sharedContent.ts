// A shared memo's text for its page: links to its own files (`/o/r/<id>/<name>`, closed to a visitor) read them
// through the share link instead; links to any other file are left as they are.
import type { Resource } from "@memos/common";

const FILE_LINK = /\/o\/r\/(\d+)\/[^\s)"'\]>]*/g;

export function throughShareLink(content: string, resources: readonly Resource[], urlOf: (resourceId: number) => string): string {
  const own = new Set(resources.map((resource) => resource.id));
  return content.replace(FILE_LINK, (link, id: string) => (own.has(Number(id)) ? urlOf(Number(id)) : link));
}
