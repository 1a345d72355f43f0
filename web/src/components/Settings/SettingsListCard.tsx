// A settings group listing things of the account or the instance (access tokens, webhooks, identity providers,
// sessions, passkeys, linked sign-ins, members): the title with its add button, a notice, the list's states
// (loading, failed, empty), and one row per thing: its name and badges, muted lines under it, its buttons.
import type { Key, ReactNode } from "react";
import { ListState } from "../ui/ListState";
import { SettingGroup } from "./controls";

/** What one row shows. */
export interface SettingsListRow {
  /** Before the text: what kind of thing it is (a device, a fingerprint). */
  icon?: ReactNode;
  /** Its name, on the first line. */
  name: ReactNode;
  /** The name's tooltip (what it was made from). */
  nameHint?: string;
  /** After the name on its line: small labels (read only, this device, expired). */
  badges?: ReactNode;
  /** Muted lines under the name: words (dates, last use), or `code` (a URL, an issuer) in mono, cut to one line. */
  details?: Array<string | { code: string }>;
  /** The row's buttons, named with the thing ("Revoke Phone shortcut"). */
  actions?: ReactNode;
  /** The thing is inactive (an archived member): its text greyed. */
  dimmed?: boolean;
}

export interface SettingsListCardProps<T> {
  title: string;
  description?: ReactNode;
  /** The header's buttons (New token, Add webhook). */
  actions?: ReactNode;
  /** A sentence above the list: the list cannot be used as it is (webhooks off, passkeys unavailable). */
  notice?: { text: ReactNode; tone: "warning" | "muted"; testId?: string };
  /** Rows above the notice and the list (the redirect URI to register). */
  before?: ReactNode;
  /** Rows under the list (switches, links to add more). */
  after?: ReactNode;
  /** The list as read from the server (a TanStack Query result fits as it is). */
  list: { data?: readonly T[] | undefined; isPending: boolean; error: unknown };
  /** The sentence of an empty list; absent when it never is (the sessions list holds this one). */
  empty?: string;
  /** Each row's data-testid, for the end-to-end tests. */
  rowTestId: string;
  itemKey: (item: T) => Key;
  row: (item: T) => SettingsListRow;
  /** The dialogs the buttons open. */
  children?: ReactNode;
}

const DIVIDER = "border-b border-zinc-100 dark:border-zinc-700/70";
const NOTICE = {
  warning: "bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200",
  muted: "text-zinc-600 dark:text-zinc-400",
};

export function SettingsListCard<T>({
  title,
  description,
  actions,
  notice,
  before,
  after,
  list,
  empty,
  rowTestId,
  itemKey,
  row,
  children,
}: SettingsListCardProps<T>) {
  const items = list.data ?? [];
  return (
    <SettingGroup title={title} description={description} actions={actions}>
      {before}
      {notice ? (
        <p role="status" data-testid={notice.testId} className={`${DIVIDER} px-3 py-2.5 text-sm ${NOTICE[notice.tone]}`}>
          {notice.text}
        </p>
      ) : null}
      <div className={after ? DIVIDER : undefined}>
        <ListState look="card" pending={list.isPending} error={list.error} count={items.length} empty={empty}>
          <ul aria-label={title}>
            {items.map((item) => (
              <Row key={itemKey(item)} testId={rowTestId} {...row(item)} />
            ))}
          </ul>
        </ListState>
      </div>
      {after}
      {children}
    </SettingGroup>
  );
}

function Row({ icon, name, nameHint, badges, details = [], actions, dimmed = false, testId }: SettingsListRow & { testId: string }) {
  return (
    <li data-testid={testId} className={`flex items-center gap-3 px-3 py-2.5 last:border-b-0 ${DIVIDER}`}>
      {icon ? <span className="flex shrink-0 text-zinc-600 dark:text-zinc-400 [&>svg]:size-5">{icon}</span> : null}
      <div className={`min-w-0 flex-1 ${dimmed ? "opacity-60" : ""}`}>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-zinc-800 dark:text-zinc-100">
          <span className="min-w-0 truncate font-medium" title={nameHint}>
            {name}
          </span>
          {badges}
        </p>
        {details.map((line, index) =>
          typeof line === "string" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's lines are fixed in number and order
            <p key={index} className="text-xs break-words text-zinc-600 dark:text-zinc-400">
              {line}
            </p>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's lines are fixed in number and order
            <p key={index} title={line.code} className="truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">
              {line.code}
            </p>
          ),
        )}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
    </li>
  );
}
