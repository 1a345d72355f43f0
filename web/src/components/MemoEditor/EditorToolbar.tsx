// The editor's tool buttons: tag picker, checkbox, code block, upload, pick resources, place, preview, full screen.
import { CheckSquare, Code, Eye, ImagePlus, MapPin, Maximize2, Minimize2, Paperclip } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/Button";
import { TagPicker } from "./TagPicker";

export interface EditorToolbarProps {
  fullscreen: boolean;
  /** The text is shown rendered instead of the text box. */
  previewing: boolean;
  onTogglePreview: () => void;
  onTag: (tag: string) => void;
  onTodo: () => void;
  onCode: () => void;
  onFiles: (files: File[]) => void;
  onPickResources: () => void;
  /** Opens the place form; `placed`: the memo has a place. */
  onPlace: () => void;
  placed: boolean;
  onToggleFullscreen: () => void;
}

export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-0.5">
      <TagPicker onPick={props.onTag} />
      <IconButton label={t("editor.insert-todo")} onClick={props.onTodo}>
        <CheckSquare className="size-4" aria-hidden />
      </IconButton>
      <IconButton label={t("editor.insert-code")} onClick={props.onCode}>
        <Code className="size-4" aria-hidden />
      </IconButton>
      <IconButton label={t("editor.upload-image")} onClick={() => fileInput.current?.click()}>
        <ImagePlus className="size-4" aria-hidden />
      </IconButton>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => {
          props.onFiles(Array.from(event.target.files ?? []));
          event.target.value = "";
        }}
      />
      <IconButton label={t("editor.pick-resource")} onClick={props.onPickResources}>
        <Paperclip className="size-4" aria-hidden />
      </IconButton>
      <IconButton label={t("place.title")} onClick={props.onPlace} aria-pressed={props.placed}>
        <MapPin className="size-4" aria-hidden />
      </IconButton>
      <IconButton label={t("editor.preview")} onClick={props.onTogglePreview} aria-pressed={props.previewing}>
        <Eye className="size-4" aria-hidden />
      </IconButton>
      <IconButton
        label={t(props.fullscreen ? "editor.exit-fullscreen" : "editor.fullscreen")}
        onClick={props.onToggleFullscreen}
        className="max-sm:hidden"
      >
        {props.fullscreen ? <Minimize2 className="size-4" aria-hidden /> : <Maximize2 className="size-4" aria-hidden />}
      </IconButton>
    </div>
  );
}
