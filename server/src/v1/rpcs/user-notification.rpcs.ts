// UserService's notifications: the caller's inbox (services/inbox.service.ts) as v1 shows it — comments on their
// memos and mentions of them, newest first, paged by id; marked read (ARCHIVED) or unread, or removed. An inbox is
// its owner's alone (policies/inbox.policy.ts), administrators included.
import type { AppContext, Viewer } from "../../context.js";
import { accountDisclosure } from "../../policies/user.policy.js";
import type { InboxRow } from "../../presenters/inbox.presenter.js";
import { presentUser as presentV0User } from "../../presenters/user.presenter.js";
import { listInboxRows, removeInboxItem, setInboxItemRead } from "../../services/inbox.service.js";
import { accountIdByName } from "../../services/user.service.js";
import { findUsersByIds } from "../../store/sql/user.store.js";
import { type UserService, UserNotification_Status } from "../gen/memos/api/v1/user_service_pb.js";
import { notificationOf, usernameOf } from "../names.js";
import { pageSizeOf, positionOf, positionToken } from "../page-token.js";
import { NOTIFICATION_KINDS, presentNotification } from "../presenters/notification.presenter.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/** The items presented, with their senders looked up in one query. */
async function presentRows(ctx: AppContext, viewer: Viewer, rows: readonly InboxRow[]) {
  const senders = await findUsersByIds(ctx.store.db, [...new Set(rows.map((row) => row.actor_id!))]);
  return rows.map((row) => {
    const sender = senders.get(row.actor_id!);
    return presentNotification(viewer!.username, row, sender && presentV0User(sender, accountDisclosure(viewer, sender)));
  });
}

/** The inbox's owner and the item's id from `users/{u}/notifications/{id}`. */
async function itemOf(ctx: AppContext, name: string, field: string) {
  const { username, id } = notificationOf(name, field);
  return { ownerId: await accountIdByName(ctx, username), id };
}

export const userNotificationRpcs = {
  listUserNotifications: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const ownerId = await accountIdByName(ctx, usernameOf(input.parent, "parent"));
      if (input.filter.trim() !== "") throw invalidArgument("filter", "no filter is supported");
      const size = pageSizeOf(input.pageSize);
      const before = positionOf("before", input.pageToken, 0);
      const page = await listInboxRows(ctx, viewer, ownerId, {
        kinds: NOTIFICATION_KINDS,
        limit: size,
        ...(before > 0 && { beforeId: before }),
      });
      return {
        notifications: await presentRows(ctx, viewer, page.rows),
        nextPageToken: page.next === null ? "" : positionToken("before", page.next),
      };
    },
  },
  updateUserNotification: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { notification } = input;
      if (!notification) throw invalidArgument("notification", "a notification is required");
      const paths = input.updateMask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      const other = paths.find((path) => path !== "status");
      if (other !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(other)} cannot be updated (status can)`);
      const { status } = notification;
      if (status !== UserNotification_Status.UNREAD && status !== UserNotification_Status.ARCHIVED)
        throw invalidArgument("notification.status", "UNREAD or ARCHIVED");
      const { ownerId, id } = await itemOf(ctx, notification.name, "notification.name");
      const row = await setInboxItemRead(ctx, viewer, ownerId, id, status === UserNotification_Status.ARCHIVED);
      return (await presentRows(ctx, viewer, [row]))[0]!;
    },
  },
  deleteUserNotification: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { ownerId, id } = await itemOf(ctx, input.name, "name");
      await removeInboxItem(ctx, viewer, ownerId, id);
      return {};
    },
  },
} satisfies Pick<ServiceRpcs<typeof UserService>, "listUserNotifications" | "updateUserNotification" | "deleteUserNotification">;
