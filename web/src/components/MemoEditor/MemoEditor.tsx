// The memo editor: a plain textarea with markdown helpers, attachments, visibility and save. Without a memo it
// writes a new one; with a memo it edits that memo in place. Both drafts are kept across reloads (useDraft).
import type { Memo, MemoLocation, Resource, Visibility } from "@memos/common";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from "react";
import { withAllStrings } from "../../i18n";
import { useTranslation } from "react-i18next";
import { useCreateMemo, usePatchMemo, useUnlinkResource } from "../../queries/memos";
import { willQueue } from "../../offline/outbox/store";
import { useMe, userSetting } from "../../queries/session";
import { usePreferences } from "../../state/preferences";
import { toast } from "../../state/toast";
import { NEW_MEMO_EDITOR_ATTRIBUTE } from "../keyboard/useKeyboardShortcuts";
import { MemoContent } from "../Memo/MemoContent";
import { Button } from "../ui/Button";
import { PlaceChip } from "../Place/PlaceChip";
import { AttachmentList } from "./AttachmentList";
import { EditorToolbar } from "./EditorToolbar";
import { ownMemoPath } from "./memoLinkComplete";
import { insertCodeBlock, insertText } from "./textOps";
import { draftKey, useDraft } from "./useDraft";
import { MemoLinkSuggestions } from "./MemoLinkSuggestions";
import { TagSuggestions } from "./TagSuggestions";
import { useMemoLinkAutocomplete } from "./useMemoLinkAutocomplete";
import { useTagAutocomplete } from "./useTagAutocomplete";
import { useTextEditing } from "./useTextEditing";
import { useUploads } from "./useUploads";
import { VisibilitySelect } from "./VisibilitySelect";

const ResourcePicker = lazy(withAllStrings(() => import("./ResourcePicker")));
const PlaceDialog = lazy(withAllStrings(() => import("../Place/PlaceDialog")));

export interface MemoEditorProps {
  /** The memo to edit; omitted for a new memo. */
  memo?: Memo;
  /** Called after saving an edit, and on cancel. */
  onDone?: () => void;
  autoFocus?: boolean;
}

export function MemoEditor({ memo, onDone, autoFocus = false }: MemoEditorProps) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const powerful = usePreferences((state) => state.localSetting.enablePowerfulEditor);
  const monospace = usePreferences((state) => state.localSetting.editorFontStyle === "mono");
  const { content, setContent, clear } = useDraft(memo?.content ?? "", draftKey(memo?.id));
  const [visibility, setVisibility] = useState<Visibility>(
    () => memo?.visibility ?? userSetting<Visibility>(me, "memoVisibility", "PRIVATE"),
  );
  const [resources, setResources] = useState<Resource[]>(() => memo?.resourceList ?? []);
  const [location, setLocation] = useState<MemoLocation | null>(() => memo?.location ?? null);
  const [placing, setPlacing] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  // The text rendered as it will show, in place of the text box (which stays, hidden, with its caret and undo).
  const [previewing, setPreviewing] = useState(false);
  const [picking, setPicking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const create = useCreateMemo();
  const patch = usePatchMemo();
  const unlink = useUnlinkResource();
  const saving = create.isPending || patch.isPending;
  // Set from the first save until its result is on screen: a second Ctrl/⌘+Enter or click in the same moment
  // (before React re-renders with `saving`) must not send the memo again.
  const inFlight = useRef(false);
  const saved = useRef(false);

  // The default visibility arrives with the user; follow it until the user picks one.
  const defaultVisibility = userSetting<Visibility>(me, "memoVisibility", "PRIVATE");
  const touchedVisibility = useRef(false);
  useEffect(() => {
    if (!memo && !touchedVisibility.current) setVisibility(defaultVisibility);
  }, [defaultVisibility, memo]);

  const addResource = useCallback(
    (resource: Resource) => setResources((list) => (list.some((item) => item.id === resource.id) ? list : [...list, resource])),
    [],
  );
  const { uploads, addFiles } = useUploads(addResource);

  const save = async () => {
    if (saving || inFlight.current) return;
    if (!content.trim()) {
      toast.error(t("message.content-cant-be-empty"));
      return;
    }
    inFlight.current = true;
    const resourceIdList = resources.map((resource) => resource.id);
    try {
      if (memo) {
        const removed = memo.resourceList.filter((resource) => !resourceIdList.includes(resource.id));
        // Queued offline, the outbox detaches them when it sends the edit.
        if (!willQueue()) await Promise.all(removed.map((resource) => unlink.mutateAsync({ memoId: memo.id, resourceId: resource.id })));
        await patch.mutateAsync({ id: memo.id, patch: { content, visibility, resourceIdList, location }, resources });
        clear();
        onDone?.();
      } else {
        await create.mutateAsync({ content, visibility, resourceIdList, resources, location });
        clear();
        setResources([]);
        setLocation(null);
        setFullscreen(false);
        // The next memo starts from the user's default visibility, never from the last memo's choice.
        touchedVisibility.current = false;
        setVisibility(defaultVisibility);
        // Focus leaves the editor, so the app's single-key shortcuts (/, ?, n) work again.
        textarea.current?.blur();
      }
      // Released once the cleared editor is rendered (the effect below), so no stale copy of the text is saved.
      saved.current = true;
    } catch {
      inFlight.current = false;
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the render that follows a save
  useEffect(() => {
    if (!saved.current) return;
    saved.current = false;
    inFlight.current = false;
  }, [content, saving]);

  const { onKeyDown: onEditingKeyDown, run } = useTextEditing({
    textarea,
    content,
    setContent,
    powerful,
    onSave: () => void save(),
    // Esc leaves full screen first, then the editor (focus moves out, so the app's shortcuts work).
    onEscape: fullscreen ? () => setFullscreen(false) : () => textarea.current?.blur(),
  });
  const tagComplete = useTagAutocomplete({ textarea, content, run });
  const linkComplete = useMemoLinkAutocomplete({ textarea, content, run, selfId: memo?.id });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!tagComplete.onKeyDown(event) && !linkComplete.onKeyDown(event)) onEditingKeyDown(event);
  };
  // One list at a time: a `#word` inside `[[…` completes the tag.
  const linksOpen = linkComplete.open && !tagComplete.open;

  // Grow with the content (the full-screen editor fills the screen instead).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the content is what changes the height to measure
  useEffect(() => {
    const element = textarea.current;
    if (!element || fullscreen) return;
    element.style.height = "auto";
    element.style.height = `${element.scrollHeight}px`;
  }, [content, fullscreen]);

  // Entering or leaving full screen keeps typing in the text (focus on the toggle would turn letters into shortcuts).
  const toggledFullscreen = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the render that entered or left full screen
  useEffect(() => {
    if (!toggledFullscreen.current) return;
    toggledFullscreen.current = false;
    textarea.current?.focus();
  }, [fullscreen]);

  useEffect(() => {
    if (!autoFocus || !textarea.current) return;
    const element = textarea.current;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [autoFocus]);

  const onPaste = (event: ClipboardEvent) => {
    const files = Array.from(event.clipboardData.files);
    // A memo's URL of this instance becomes its relative link, which the server reads as a reference.
    const local = ownMemoPath(event.clipboardData.getData("text/plain"), window.location.origin);
    if (files.length === 0 && local) {
      event.preventDefault();
      run((state) => insertText(state, local));
      return;
    }
    if (files.length === 0) return;
    event.preventDefault();
    void addFiles(files);
  };

  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    void addFiles(Array.from(event.dataTransfer.files));
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    setDragging(true);
  };

  // Full screen covers the whole window, the sidebar (z-50) included.
  const frame = fullscreen ? "fixed inset-0 z-[60] flex flex-col rounded-none" : "relative rounded-xl";

  return (
    <div
      className={`border bg-white transition-colors duration-200 dark:bg-zinc-800 ${frame} ${dragging ? "border-green-600 ring-2 ring-green-600/30" : "border-zinc-200 focus-within:border-green-600/60 focus-within:ring-2 focus-within:ring-green-600/15 dark:border-zinc-700 dark:focus-within:border-green-500/50"}`}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {dragging ? (
        <div className="pointer-events-none absolute inset-0 z-10 grid place-items-center rounded-xl bg-green-50/80 text-sm font-medium text-green-700 dark:bg-green-950/60 dark:text-green-300">
          {t("editor.drop-here")}
        </div>
      ) : null}
      <textarea
        ref={textarea}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          tagComplete.track();
          linkComplete.track();
        }}
        onSelect={() => {
          tagComplete.track();
          linkComplete.track();
        }}
        onBlur={() => {
          tagComplete.close();
          linkComplete.close();
        }}
        onKeyDown={onKeyDown}
        {...(linksOpen ? { ...tagComplete.textboxProps, ...linkComplete.textboxProps } : tagComplete.textboxProps)}
        {...(memo ? {} : { [NEW_MEMO_EDITOR_ATTRIBUTE]: "" })}
        onPaste={onPaste}
        hidden={previewing}
        placeholder={t("editor.placeholder")}
        aria-label={memo ? t("editor.editing") : t("editor.placeholder")}
        rows={memo ? 3 : 2}
        className={`block w-full resize-none bg-transparent px-3.5 pt-3 pb-2 text-[15px] leading-relaxed placeholder:text-zinc-400 focus:outline-none dark:placeholder:text-zinc-500 ${fullscreen ? "min-h-0 flex-1 overflow-y-auto" : "max-h-[60dvh] min-h-16 overflow-y-auto"}`}
        // The card shows focus (border and ring); the global outline would box the textarea alone.
        style={{ fontFamily: monospace ? "var(--font-mono)" : undefined, outline: "none" }}
      />
      {previewing ? (
        <section aria-label={t("editor.preview")} className="max-h-[60dvh] min-h-16 overflow-y-auto px-3.5 pt-3 pb-2">
          {content.trim() ? (
            <MemoContent content={content} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("editor.preview-empty")}</p>
          )}
        </section>
      ) : null}
      {tagComplete.open && !previewing ? (
        <TagSuggestions
          id={tagComplete.listboxId}
          options={tagComplete.options}
          active={tagComplete.active}
          optionId={tagComplete.optionId}
          onPick={tagComplete.pick}
        />
      ) : null}
      {linksOpen ? (
        <MemoLinkSuggestions
          id={linkComplete.listboxId}
          options={linkComplete.options}
          active={linkComplete.active}
          optionId={linkComplete.optionId}
          onPick={linkComplete.pick}
        />
      ) : null}
      <AttachmentList
        resources={resources}
        uploads={uploads}
        onRemove={(id) => setResources((list) => list.filter((item) => item.id !== id))}
      />
      {location ? (
        <div className="px-3 pb-1.5">
          <PlaceChip location={location} onClear={() => setLocation(null)} />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-100 px-2 py-1.5 dark:border-zinc-700/70">
        <EditorToolbar
          fullscreen={fullscreen}
          previewing={previewing}
          onTogglePreview={() => {
            const back = previewing;
            setPreviewing(!previewing);
            // Back to writing: the caret where it was.
            if (back) requestAnimationFrame(() => textarea.current?.focus());
          }}
          onTag={(tag) => run((state) => insertText(state, `#${tag} `))}
          onTodo={() => run((state) => insertText(state, "- [ ] ", true))}
          onCode={() => run(insertCodeBlock)}
          onFiles={(files) => {
            void addFiles(files);
            // Back to the text: typing, and Ctrl/⌘+Enter to save, go on where they were.
            textarea.current?.focus();
          }}
          onPickResources={() => setPicking(true)}
          onPlace={() => setPlacing(true)}
          placed={location !== null}
          onToggleFullscreen={() => {
            toggledFullscreen.current = true;
            setFullscreen((value) => !value);
          }}
        />
        <div className="ml-auto flex items-center gap-1.5">
          <VisibilitySelect
            value={visibility}
            onChange={(value) => {
              touchedVisibility.current = true;
              setVisibility(value);
            }}
          />
          {memo ? (
            <Button
              variant="ghost"
              onClick={() => {
                clear();
                onDone?.();
              }}
            >
              {t("editor.cancel-edit")}
            </Button>
          ) : null}
          <Button variant="primary" onClick={() => void save()} disabled={saving || uploads.length > 0} title={t("editor.shortcut-hint")}>
            {t("editor.save")}
          </Button>
        </div>
      </div>
      {picking ? (
        <Suspense fallback={null}>
          <ResourcePicker
            open={picking}
            attachedIds={resources.map((resource) => resource.id)}
            onClose={() => setPicking(false)}
            onPick={(picked) => {
              picked.forEach(addResource);
              textarea.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {placing ? (
        <Suspense fallback={null}>
          <PlaceDialog value={location} onClose={() => setPlacing(false)} onChange={setLocation} />
        </Suspense>
      ) : null}
    </div>
  );
}
