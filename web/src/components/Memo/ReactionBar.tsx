// The reactions under a memo: each emoji with its count (pressed when the viewer gave it; the names of who did in
// its title), and for members a button to add one — the quick set or any other emoji typed in. Visitors see the
// counts of a public memo; nothing shows while a memo has none and the viewer cannot react.
import { isEmoji, type Memo, QUICK_REACTIONS, type Reaction } from "@memos/common";
import { SmilePlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useMemoReactions, useToggleReaction } from "../../queries/reactions";
import { toast } from "../../state/toast";
import { Menu } from "../ui/Menu";

function namesOf(reaction: Reaction, t: ReturnType<typeof useTranslation>["t"]): string {
  const names = reaction.users.map((user) => user.name).join(", ");
  const more = reaction.count - reaction.users.length;
  return t("reaction.by", { emoji: reaction.emoji, names: more > 0 ? `${names} ${t("reaction.and-more", { count: more })}` : names });
}

export function ReactionBar({ memo, canReact }: { memo: Memo; canReact: boolean }) {
  const { t } = useTranslation();
  const { data: reactions = [] } = useMemoReactions(memo.id);
  const toggle = useToggleReaction(memo.id);
  const [typing, setTyping] = useState(false);
  const [other, setOther] = useState("");

  const react = async (emoji: string, add: boolean) => {
    try {
      await toggle.mutateAsync({ emoji, add });
    } catch (error) {
      toast.error(errorMessage(error, t));
    }
  };
  const submitOther = (event: FormEvent) => {
    event.preventDefault();
    const emoji = other.trim();
    if (!isEmoji(emoji)) {
      toast.error(t("error.reaction.invalid-emoji"));
      return;
    }
    setTyping(false);
    setOther("");
    void react(emoji, true);
  };

  if (reactions.length === 0 && !canReact) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5">
      {reactions.map((reaction) => (
        <button
          key={reaction.emoji}
          type="button"
          title={namesOf(reaction, t)}
          aria-label={`${t("reaction.label", { emoji: reaction.emoji, count: reaction.count })}. ${namesOf(reaction, t)}`}
          aria-pressed={canReact ? reaction.mine : undefined}
          disabled={!canReact || toggle.isPending}
          onClick={() => void react(reaction.emoji, !reaction.mine)}
          className={`inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm tabular-nums transition-colors duration-200 max-sm:h-10 ${
            reaction.mine
              ? "border-green-600 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-900/30 dark:text-green-100"
              : "border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
          } ${canReact ? "hover:border-zinc-400 dark:hover:border-zinc-500" : "cursor-default"}`}
        >
          <span aria-hidden>{reaction.emoji}</span>
          <span aria-hidden>{reaction.count}</span>
        </button>
      ))}
      {canReact && typing ? (
        <form onSubmit={submitOther} className="inline-flex">
          <input
            autoFocus
            value={other}
            onChange={(event) => setOther(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.stopPropagation();
                setTyping(false);
              }
            }}
            onBlur={() => other === "" && setTyping(false)}
            aria-label={t("reaction.other")}
            placeholder={t("reaction.other-placeholder")}
            maxLength={32}
            className="h-7 w-44 rounded-full border border-zinc-300 bg-white px-2 text-sm max-sm:h-10 dark:border-zinc-600 dark:bg-zinc-900"
          />
        </form>
      ) : null}
      {canReact ? (
        <Menu
          label={t("reaction.add")}
          align="left"
          trigger={<SmilePlus className="size-4" aria-hidden />}
          triggerClassName="h-7 rounded-full px-1.5 max-sm:h-10"
          items={[
            ...QUICK_REACTIONS.map((emoji) => ({
              key: emoji,
              label: emoji,
              onSelect: () => void react(emoji, !reactions.some((reaction) => reaction.emoji === emoji && reaction.mine)),
            })),
            { key: "other", label: t("reaction.other"), onSelect: () => setTyping(true), separated: true },
          ]}
        />
      ) : null}
    </div>
  );
}
