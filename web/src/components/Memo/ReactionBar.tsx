// Reactions, on a memo or a comment: each emoji with its count (pressed when the viewer gave it; the names of who did
// in its title on hover, and in a toast on a long press), and for members a button to add one — the quick set or any
// other emoji typed in. Visitors see the counts; nothing shows while there are none and the viewer cannot react.
import { isEmoji, MAX_EMOJI_LENGTH, type Memo, QUICK_REACTIONS, type Reaction } from "@memos/common";
import { SmilePlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMemoReactions, useToggleReaction } from "../../queries/reactions";
import { toast } from "../../state/toast";
import { Menu } from "../ui/Menu";
import { useLongPress } from "../ui/useLongPress";

/** One emoji's reactions, on a memo or a comment. */
type ReactionCount = Omit<Reaction, "memoId">;

/** Adds (`add`) or takes back the caller's reaction; its answer is what is now there. */
export interface ReactionToggle {
  run(emoji: string, add: boolean): Promise<unknown>;
  pending: boolean;
}

function namesOf(reaction: ReactionCount, t: ReturnType<typeof useTranslation>["t"]): string {
  const names = reaction.users.map((user) => user.name).join(", ");
  const more = reaction.count - reaction.users.length;
  return t("reaction.by", { emoji: reaction.emoji, names: more > 0 ? `${names} ${t("reaction.and-more", { count: more })}` : names });
}

/** Runs the toggle; a failure is said by the mutation cache's toast (queries/errorToast.ts). */
function useReact(toggle: ReactionToggle) {
  return (emoji: string, add: boolean) => void toggle.run(emoji, add).catch(() => {});
}

/** The button that adds a reaction (the quick set, or another emoji typed in), with the field it opens. */
export function ReactionPicker({ reactions, toggle }: { reactions: readonly ReactionCount[]; toggle: ReactionToggle }) {
  const { t } = useTranslation();
  const react = useReact(toggle);
  const [typing, setTyping] = useState(false);
  const [other, setOther] = useState("");

  const submitOther = (event: FormEvent) => {
    event.preventDefault();
    const emoji = other.trim();
    if (!isEmoji(emoji)) {
      toast.error(t("error.reaction.invalid-emoji"));
      return;
    }
    setTyping(false);
    setOther("");
    react(emoji, true);
  };

  return (
    <div className="inline-flex items-center gap-1.5">
      {typing ? (
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
            maxLength={MAX_EMOJI_LENGTH}
            className="h-7 w-44 rounded-full border border-zinc-300 bg-white px-2 text-sm max-sm:h-10 dark:border-zinc-600 dark:bg-zinc-900"
          />
        </form>
      ) : null}
      <Menu
        label={t("reaction.add")}
        trigger={<SmilePlus className="size-4" aria-hidden />}
        triggerClassName="h-7 rounded-full px-1.5 max-sm:h-10"
        items={[
          ...QUICK_REACTIONS.map((emoji) => ({
            key: emoji,
            label: emoji,
            onSelect: () => react(emoji, !reactions.some((reaction) => reaction.emoji === emoji && reaction.mine)),
          })),
          { key: "other", label: t("reaction.other"), onSelect: () => setTyping(true), separated: true },
        ]}
      />
    </div>
  );
}

/** One emoji's button: a press gives or takes back the caller's reaction; a long press (touch) says who reacted. */
function ReactionButton({ reaction, canReact, toggle }: { reaction: ReactionCount; canReact: boolean; toggle: ReactionToggle }) {
  const { t } = useTranslation();
  const react = useReact(toggle);
  const names = namesOf(reaction, t);
  const longPress = useLongPress(() => toast.info(names));
  return (
    <button
      type="button"
      title={names}
      aria-label={`${t("reaction.label", { emoji: reaction.emoji, count: reaction.count })}. ${names}`}
      aria-pressed={canReact ? reaction.mine : undefined}
      // A visitor's button does nothing but name who reacted (a disabled one would not hear the long press).
      aria-disabled={!canReact || toggle.pending}
      {...longPress.handlers}
      onClick={() => {
        if (longPress.consumed() || !canReact || toggle.pending) return;
        react(reaction.emoji, !reaction.mine);
      }}
      className={`inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm tabular-nums transition-colors duration-200 select-none max-sm:h-10 ${
        reaction.mine
          ? "border-green-600 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-900/30 dark:text-green-100"
          : "border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
      } ${canReact ? "hover:border-zinc-400 dark:hover:border-zinc-500" : "cursor-default"}`}
    >
      <span aria-hidden>{reaction.emoji}</span>
      <span aria-hidden>{reaction.count}</span>
    </button>
  );
}

/** The reactions with the picker at the end for members; nothing while there are none (the picker is elsewhere then). */
export function Reactions({
  reactions,
  canReact,
  toggle,
}: {
  reactions: readonly ReactionCount[];
  canReact: boolean;
  toggle: ReactionToggle;
}) {
  if (reactions.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5">
      {reactions.map((reaction) => (
        <ReactionButton key={reaction.emoji} reaction={reaction} canReact={canReact} toggle={toggle} />
      ))}
      {canReact ? <ReactionPicker reactions={reactions} toggle={toggle} /> : null}
    </div>
  );
}

function useMemoToggle(memoId: number): ReactionToggle {
  const toggle = useToggleReaction(memoId);
  return { run: (emoji, add) => toggle.mutateAsync({ emoji, add }), pending: toggle.isPending };
}

/**
 * The memo's reactions, under its text; nothing while it has none (the card's header then holds the picker, so a memo
 * without reactions takes no extra row).
 */
export function ReactionBar({ memo, canReact }: { memo: Memo; canReact: boolean }) {
  const { data: reactions = [] } = useMemoReactions(memo.id);
  return <Reactions reactions={reactions} canReact={canReact} toggle={useMemoToggle(memo.id)} />;
}

/** The picker in the card's header while the memo has no reactions (the bar takes it once there are some). */
export function HeaderReactionPicker({ memo }: { memo: Memo }) {
  const { data: reactions } = useMemoReactions(memo.id);
  const toggle = useMemoToggle(memo.id);
  if (!reactions || reactions.length > 0) return null;
  return <ReactionPicker reactions={reactions} toggle={toggle} />;
}
