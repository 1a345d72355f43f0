// What a link preview shows of a page, read from the start of its HTML: the title, the description and the image
// (Open Graph's first, then the page's own <title> and description). A bounded scan, not a DOM: each pattern stops
// at the next `<`, so the work is linear in the bytes given, which the caller caps.

export interface HtmlMeta {
  title: string;
  description: string;
  image: string;
}

/** The longest title, description and image address kept (a page may put a book in its description). */
const MAX_TEXT = { title: 512, description: 2048, image: 2048 } as const;

/** A tag's start: `<title ...>` or `<meta ...>`, its attributes up to the next `<` or `>`. */
const TAG = /<(title|meta)\b([^<>]*)>/gi;
const ATTRIBUTE = /([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>]+))/g;
/** Where the head ends: nothing after it is metadata. */
const HEAD_END = /<\/head\s*>|<body\b/i;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, entity: string) => {
    if (entity[0] !== "#") return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
    const code = entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Entities decoded, runs of white space made one space, cut at `max` characters. */
const clean = (text: string, max: number) => decodeEntities(text).replace(/\s+/g, " ").trim().slice(0, max);

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** An image address as an absolute http(s) URL against the page's; anything else (a data: URL, a script) is dropped. */
function absoluteImage(image: string, pageUrl: string): string {
  if (image === "" || !URL.canParse(image, pageUrl)) return "";
  const url = new URL(image, pageUrl);
  return url.protocol === "http:" || url.protocol === "https:" ? url.href.slice(0, MAX_TEXT.image) : "";
}

/**
 * The page's title, description and image from `html` (its head: the scan stops at `</head>` or `<body>`).
 * @example readHtmlMeta('<title>Hi</title><meta property="og:image" content="/a.png">', "https://x.test/p")
 *   // { title: "Hi", description: "", image: "https://x.test/a.png" }
 */
export function readHtmlMeta(html: string, pageUrl: string): HtmlMeta {
  const headEnd = html.search(HEAD_END);
  const head = headEnd < 0 ? html : html.slice(0, headEnd);
  const found: Record<string, string> = {};
  let pageTitle = "";
  for (const match of head.matchAll(TAG)) {
    if (match[1]!.toLowerCase() === "title") {
      if (pageTitle !== "") continue;
      const start = match.index + match[0].length;
      const end = head.indexOf("<", start);
      pageTitle = head.slice(start, end < 0 ? head.length : end);
      continue;
    }
    const attributes = attributesOf(match[2]!);
    const key = (attributes.get("property") ?? attributes.get("name") ?? "").toLowerCase();
    const content = attributes.get("content");
    if (key !== "" && content !== undefined && found[key] === undefined) found[key] = content;
  }
  return {
    title: clean(found["og:title"] || found["twitter:title"] || pageTitle, MAX_TEXT.title),
    description: clean(found["og:description"] || found.description || found["twitter:description"] || "", MAX_TEXT.description),
    image: absoluteImage(clean(found["og:image"] || found["twitter:image"] || "", MAX_TEXT.image), pageUrl),
  };
}
