// The HTML parser turndown uses on Node; it ships no types of its own.
declare module "@mixmark-io/domino" {
  export function createDocument(html?: string, force?: boolean): Document;
}
