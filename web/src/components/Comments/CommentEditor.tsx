// The box under a memo's comments: text (Markdown) and files, uploaded as the memo editor does, then sent.
import type { Resource } from "@memos/common";
import { Paperclip, X } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateComment } from "../../queries/comments";
import { useUploadResource } from "../../queries/resources";
import { Button, IconButton } from "../ui/Button";

export function CommentEditor({ memoId }: { memoId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<Resource[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const create = useCreateComment(memoId);
  const upload = useUploadResource();

  const attach = async (list: FileList | null) => {
    for (const file of list ? [...list] : []) {
      try {
        const resource = await upload.mutateAsync({ file });
        setFiles((current) => [...current, resource]);
      } catch {
        // Said by the mutation cache's toast (queries/errorToast.ts).
      }
    }
    if (input.current) input.current.value = "";
  };
  const send = () =>
    create.mutate(
      { content: text, resourceIdList: files.map((file) => file.id) },
      {
        onSuccess: () => {
          setText("");
          setFiles([]);
        },
      },
    );

  return (
    <form
      className="flex flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-2.5 dark:border-zinc-700 dark:bg-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        aria-label={t("comment.placeholder")}
        placeholder={t("comment.placeholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey) && text.trim() !== "") send();
        }}
        rows={2}
        className="w-full resize-y rounded-lg bg-transparent px-1.5 py-1 text-sm text-zinc-800 placeholder:text-zinc-500 focus:outline-none dark:text-zinc-100 dark:placeholder:text-zinc-400"
      />
      {files.length ? (
        <ul className="flex flex-wrap gap-1.5">
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center gap-1 rounded-md bg-zinc-100 py-0.5 pr-0.5 pl-2 text-xs text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200"
            >
              <span className="max-w-40 truncate">{file.filename}</span>
              <IconButton
                label={t("comment.cancel")}
                className="size-6!"
                onClick={() => setFiles(files.filter((other) => other.id !== file.id))}
              >
                <X className="size-3.5" aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <IconButton label={t("comment.attach")} onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Paperclip className="size-4" aria-hidden />
        </IconButton>
        <input ref={input} type="file" multiple hidden onChange={(event) => void attach(event.target.files)} />
        <Button type="submit" variant="primary" disabled={create.isPending || upload.isPending || text.trim() === ""}>
          {t("comment.send")}
        </Button>
      </div>
    </form>
  );
}
