// A comment's place on its memo's page: the fragment `#comment-<id>`, which the inbox opens a comment's entries at
// and the comments list scrolls to.

/** The element id (and fragment, after `#`) of comment `commentId`. */
export const commentAnchor = (commentId: number): string => `comment-${commentId}`;

/** The comment a page's fragment names (`#comment-34` → 34), if it names one. */
export function commentOfHash(hash: string): number | undefined {
  const match = /^#comment-([1-9]\d{0,9})$/.exec(hash);
  return match ? Number(match[1]) : undefined;
}
