// How a memo's author is named everywhere: the nickname (when it is not just the username), then @username.
import type { User } from "@memos/common";

export function CreatorName({ creator }: { creator: Pick<User, "username" | "nickname"> }) {
  const nickname = creator.nickname && creator.nickname !== creator.username ? creator.nickname : "";
  return (
    <>
      {nickname ? `${nickname} ` : null}
      <span className="font-normal">@{creator.username}</span>
    </>
  );
}
