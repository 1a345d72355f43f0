// The editor's text operations as pure functions over (value, selection): list continuation, indent, pairing,
// wrapping. Each returns an edit (replace [from, to) with `insert`, then select) or null when it does not apply.
export interface TextState {
  value: string;
  start: number;
  end: number;
}

export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  selectStart: number;
  selectEnd: number;
}

const INDENT = "  ";

export function applyEdit(state: TextState, edit: TextEdit): TextState {
  return {
    value: state.value.slice(0, edit.from) + edit.insert + state.value.slice(edit.to),
    start: edit.selectStart,
    end: edit.selectEnd,
  };
}

const lineStartOf = (value: string, index: number) => value.lastIndexOf("\n", index - 1) + 1;
const lineEndOf = (value: string, index: number) => {
  const end = value.indexOf("\n", index);
  return end < 0 ? value.length : end;
};

const TODO_ITEM = /^(\s*)([-*+]) \[[ xX]\] /;
const BULLET_ITEM = /^(\s*)([-*+]) /;
const ORDERED_ITEM = /^(\s*)(\d+)([.)]) /;

/** The marker the next list item starts with, and the marker of the current line. */
function listMarkers(line: string): { current: string; next: string } | null {
  const todo = TODO_ITEM.exec(line);
  if (todo) return { current: todo[0], next: `${todo[1]}${todo[2]} [ ] ` };
  const ordered = ORDERED_ITEM.exec(line);
  if (ordered) return { current: ordered[0], next: `${ordered[1]}${Number(ordered[2]) + 1}${ordered[3]} ` };
  const bullet = BULLET_ITEM.exec(line);
  if (bullet) return { current: bullet[0], next: `${bullet[1]}${bullet[2]} ` };
  return null;
}

/** Enter inside a list item: start the next item, or end the list when the item is empty. */
export function continueList({ value, start, end }: TextState): TextEdit | null {
  if (start !== end) return null;
  const lineStart = lineStartOf(value, start);
  const lineEnd = lineEndOf(value, start);
  const line = value.slice(lineStart, lineEnd);
  const markers = listMarkers(line);
  if (!markers || start < lineStart + markers.current.length) return null;
  if (line.trim() === markers.current.trim()) {
    // An empty item ends the list: its marker goes, and a blank line parts what comes next from the list (a line
    // right under an item is read by Markdown as more of that item's text).
    const parted = lineStart > 0 && value[lineStart - 2] !== "\n";
    const insert = parted ? "\n" : "";
    return { from: lineStart, to: lineEnd, insert, selectStart: lineStart + insert.length, selectEnd: lineStart + insert.length };
  }
  const insert = `\n${markers.next}`;
  const caret = start + insert.length;
  return { from: start, to: start, insert, selectStart: caret, selectEnd: caret };
}

/** Tab / Shift+Tab: indent or outdent every selected line (or a list line) by two spaces; else insert spaces. */
export function indent({ value, start, end }: TextState, outdent: boolean): TextEdit {
  const first = lineStartOf(value, start);
  const multiLine = value.slice(start, end).includes("\n");
  const onListLine = listMarkers(value.slice(first, lineEndOf(value, start))) !== null;
  if (!outdent && !multiLine && !onListLine) {
    return { from: start, to: end, insert: INDENT, selectStart: start + INDENT.length, selectEnd: start + INDENT.length };
  }
  const last = lineEndOf(value, end > start && value[end - 1] === "\n" ? end - 1 : end);
  const lines = value.slice(first, last).split("\n");
  let shiftFirst = 0;
  let shiftTotal = 0;
  const changed = lines.map((line, index) => {
    const removed = outdent ? Math.min(INDENT.length, line.length - line.trimStart().length) : -INDENT.length;
    if (index === 0) shiftFirst = removed;
    shiftTotal += removed;
    return outdent ? line.slice(removed) : INDENT + line;
  });
  const selectStart = Math.max(first, start - shiftFirst);
  const selectEnd = start === end ? selectStart : Math.max(selectStart, end - shiftTotal);
  return { from: first, to: last, insert: changed.join("\n"), selectStart, selectEnd };
}

const PAIRS: Record<string, string> = {
  "(": ")",
  "[": "]",
  "{": "}",
  '"': '"',
  "'": "'",
  "`": "`",
  "“": "”",
  "‘": "’",
  "【": "】",
  "（": "）",
  "《": "》",
};
const CLOSERS = new Set(Object.values(PAIRS));

/** Typing an opening bracket or quote: insert the pair (or wrap the selection); typing a closer steps over it. */
export function autoPair({ value, start, end }: TextState, char: string): TextEdit | null {
  const closer = PAIRS[char];
  const next = value[end];
  if (start === end && CLOSERS.has(char) && next === char) {
    return { from: start, to: start, insert: "", selectStart: start + 1, selectEnd: start + 1 };
  }
  if (!closer) return null;
  if (start !== end) {
    const selected = value.slice(start, end);
    return { from: start, to: end, insert: char + selected + closer, selectStart: start + 1, selectEnd: end + 1 };
  }
  // An apostrophe inside a word (don't, l'été) is not a quote.
  if (char === "'" && /[\p{L}\p{N}]/u.test(value[start - 1] ?? "")) return null;
  if (next !== undefined && /[\p{L}\p{N}]/u.test(next)) return null;
  return { from: start, to: end, insert: char + closer, selectStart: start + 1, selectEnd: start + 1 };
}

/** Backspace between an empty pair deletes both halves. */
export function deletePair({ value, start, end }: TextState): TextEdit | null {
  if (start !== end || start === 0) return null;
  const before = value[start - 1]!;
  if (PAIRS[before] === undefined || value[start] !== PAIRS[before]) return null;
  return { from: start - 1, to: start + 1, insert: "", selectStart: start - 1, selectEnd: start - 1 };
}

/** Ctrl/Cmd+B, I, E: wrap the selection in a marker, or unwrap it when it is wrapped already. */
export function toggleWrap({ value, start, end }: TextState, marker: string): TextEdit {
  const size = marker.length;
  const wrapped = value.slice(start - size, start) === marker && value.slice(end, end + size) === marker;
  if (wrapped && start !== end) {
    return {
      from: start - size,
      to: end + size,
      insert: value.slice(start, end),
      selectStart: start - size,
      selectEnd: end - size,
    };
  }
  const selected = value.slice(start, end);
  return { from: start, to: end, insert: marker + selected + marker, selectStart: start + size, selectEnd: end + size };
}

/** Ctrl/Cmd+K: `[selection](url)` with "url" selected for typing. */
export function insertLink({ value, start, end }: TextState): TextEdit {
  const text = value.slice(start, end);
  const insert = `[${text}](url)`;
  const urlStart = start + text.length + 3;
  return { from: start, to: end, insert, selectStart: urlStart, selectEnd: urlStart + 3 };
}

/** Inserts text at the selection, on a line of its own when `block` is set. */
export function insertText({ value, start, end }: TextState, text: string, block = false): TextEdit {
  const needsBreak = block && start > 0 && value[start - 1] !== "\n";
  const insert = (needsBreak ? "\n" : "") + text;
  const caret = start + insert.length;
  return { from: start, to: end, insert, selectStart: caret, selectEnd: caret };
}

/** A fenced code block around the selection (or empty), on its own lines, with the caret inside. */
export function insertCodeBlock({ value, start, end }: TextState): TextEdit {
  const lead = start > 0 && value[start - 1] !== "\n" ? "\n" : "";
  const selected = value.slice(start, end);
  const insert = `${lead}\`\`\`\n${selected}\n\`\`\``;
  const inside = start + lead.length + 4;
  return { from: start, to: end, insert, selectStart: inside, selectEnd: inside + selected.length };
}
