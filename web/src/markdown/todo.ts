// Todo items in memo source: find the N-th `- [ ]` / `- [x]` line (outside fenced code) and flip it.
const TASK_LINE = /^((?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)\[([ xX])\](?=[ \t]|$)/;
const FENCE = /^[ \t]*(```|~~~)/;

/** Offsets of every todo marker's state character, in document order. */
function todoMarkers(content: string): number[] {
  const markers: number[] = [];
  let offset = 0;
  let fence: string | null = null;
  for (const line of content.split("\n")) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1]!;
      else if (fenceMatch[1] === fence) fence = null;
    } else if (fence === null) {
      const match = TASK_LINE.exec(line);
      if (match) markers.push(offset + match[1]!.length + 1);
    }
    offset += line.length + 1;
  }
  return markers;
}

export const countTodos = (content: string): number => todoMarkers(content).length;

/** The content with the index-th todo set to `checked`; unchanged when there is no such todo. */
export function setTodo(content: string, index: number, checked: boolean): string {
  const at = todoMarkers(content)[index];
  if (at === undefined) return content;
  return content.slice(0, at) + (checked ? "x" : " ") + content.slice(at + 1);
}
