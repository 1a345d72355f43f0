// What the renderer needs from its host: click handlers, and a counter that numbers todo items in document order.
export interface RenderOptions {
  onTagClick?: (tag: string) => void;
  /** Called with the todo's index among all todo items of the memo, in document order. */
  onTodoToggle?: (index: number, checked: boolean) => void;
  onImageClick?: (src: string) => void;
  /** Search terms to mark in the text (searchMarks.ts): not in code, tags or URLs. */
  marks?: readonly string[];
}

export interface RenderContext extends RenderOptions {
  todoCounter: { next: number };
  inLink: boolean;
}

export function createContext(options: RenderOptions): RenderContext {
  return { ...options, todoCounter: { next: 0 }, inLink: false };
}
