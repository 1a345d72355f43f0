// Memo lists (pages of 30, infinite), one memo, and the mutations that keep every cached list in step.
import type { Memo, MemoLocation, MemoPatchRequest, Resource, User, Visibility } from "@memos/common";
import { DEFAULT_MEMO_PAGE_SIZE, MAX_LIST_LIMIT, NEXT_CURSOR_HEADER } from "@memos/common/domain/constants";
import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { localMemos } from "../offline/outbox/plan";
import { queueChange, queueCreate, sendOrQueue, useOutbox } from "../offline/outbox/store";
import type { Change } from "../offline/outbox/types";
import { allPages } from "./allPages";
import { keys, type MemoListParams, type MemoListScope } from "./keys";

const MEMO_PAGE_SIZE = DEFAULT_MEMO_PAGE_SIZE;

/** A memo list's query (`GET /api/memo`, `/api/memo/all`); `cursor` is the previous page's next cursor (keyset paging). */
/** A page of a memo list and the cursor of the next one (none after the last page). */
export interface MemoPage {
  memos: Memo[];
  nextCursor?: string;
}

async function memoPage(name: "memo.list" | "memo.explore", query: MemoListParams): Promise<MemoPage> {
  const { value, headers } = await api.callWithHeaders(name, { query });
  return { memos: value, nextCursor: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

type MemoPages = InfiniteData<MemoPage, string>;

/**
 * One list of memos in pages of 30, as the server orders them (own lists: pinned first, then newest). Each page
 * asks for the memos after the previous page's cursor, so memos saved meanwhile never shift the pages.
 * @example const list = useMemoList("home", { rowStatus: "NORMAL", tag: "work" });
 */
export function useMemoList(scope: MemoListScope, params: MemoListParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: keys.memos.list(scope, params),
    queryFn: ({ pageParam }) => {
      const page = { ...params, limit: MEMO_PAGE_SIZE, cursor: pageParam || undefined };
      return memoPage(scope === "explore" ? "memo.explore" : "memo.list", page);
    },
    initialPageParam: "",
    getNextPageParam: (last: MemoPage) => last.nextCursor,
    select: (data: MemoPages): InfiniteData<Memo[], string> => ({ ...data, pages: data.pages.map((page) => page.memos) }),
    enabled,
  });
}

/**
 * How many memos the list of `scope` holds for `params` (its filter, paging aside), counted up to 30: `more` when
 * others follow ("30+").
 */
export function useMemoCount(scope: MemoListScope, params: MemoListParams, enabled = true) {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...filter } = params;
  return useQuery({
    queryKey: keys.memos.count(scope, filter),
    queryFn: () => api.call(scope === "explore" ? "memo.exploreCount" : "memo.count", { query: filter }),
    enabled,
  });
}

export const useMemoDetail = (id: number) =>
  useQuery({
    queryKey: keys.memos.detail(id),
    queryFn: () => api.call("memo.get", { params: { memoId: id } }),
    enabled: Number.isInteger(id) && id > 0,
  });

/**
 * Applies `change` to every cached copy of memo lists, whether infinite (pages) or plain arrays; the daily review's
 * day of the user's memos is one of the home list's.
 */
function updateLists(client: QueryClient, change: (memos: Memo[], scope: MemoListScope) => Memo[]) {
  const cache = client.getQueryCache();
  const lists = [
    ...cache.findAll({ queryKey: [...keys.memos.all, "list"] }).map((query) => ({ query, scope: query.queryKey[2] as MemoListScope })),
    ...cache.findAll({ queryKey: [...keys.memos.all, "daily-review"] }).map((query) => ({ query, scope: "home" as const })),
  ];
  for (const { query, scope } of lists) {
    const data = query.state.data as MemoPages | Memo[] | undefined;
    if (!data) continue;
    const next = Array.isArray(data)
      ? change(data, scope)
      : { ...data, pages: data.pages.map((page) => ({ ...page, memos: change(page.memos, scope) })) };
    client.setQueryData(query.queryKey, next);
  }
}

/** Puts a fresh copy of a memo in every cache; a memo that left the NORMAL state leaves the normal lists. */
export function storeMemo(client: QueryClient, memo: Memo) {
  client.setQueryData(keys.memos.detail(memo.id), memo);
  updateLists(client, (memos, scope) => {
    const leaves = (scope === "archived") !== (memo.rowStatus === "ARCHIVED");
    if (leaves) return memos.filter((item) => item.id !== memo.id);
    return memos.map((item) => (item.id === memo.id ? memo : item));
  });
}

function forgetMemo(client: QueryClient, id: number) {
  client.removeQueries({ queryKey: keys.memos.detail(id) });
  updateLists(client, (memos) => memos.filter((memo) => memo.id !== id));
}

/** Lists, stats, the calendar and tags may all change when a memo does; refetch the ones on screen. */
export function refreshAround(client: QueryClient) {
  void client.invalidateQueries({ queryKey: [...keys.memos.all, "list"] });
  void client.invalidateQueries({ queryKey: [...keys.memos.all, "count"] });
  void client.invalidateQueries({ queryKey: [...keys.memos.all, "stats"] });
  void client.invalidateQueries({ queryKey: [...keys.memos.all, "calendar"] });
  void client.invalidateQueries({ queryKey: [...keys.memos.all, "places"] });
  void client.invalidateQueries({ queryKey: [...keys.memos.all, "amount"] });
  void client.invalidateQueries({ queryKey: [...keys.memos.all, "daily-review"] });
  void client.invalidateQueries({ queryKey: keys.memos.relations });
  void client.invalidateQueries({ queryKey: keys.tags });
}

export interface MemoDraft {
  content: string;
  visibility: Visibility;
  resourceIdList: number[];
  location: MemoLocation | null;
}

/** The memo as the user sees it: with the changes waiting in the outbox, else the cached copy. */
function shownMemo(client: QueryClient, id: number): Memo | undefined {
  const local = localMemos(useOutbox.getState().entries).get(id);
  if (local) return local.memo;
  const detail = client.getQueryData<Memo>(keys.memos.detail(id));
  if (detail) return detail;
  for (const query of client.getQueryCache().findAll({ queryKey: [...keys.memos.all, "list"] })) {
    const data = query.state.data as MemoPages | Memo[] | undefined;
    const memos = Array.isArray(data) ? data : (data?.pages.flatMap((page) => page.memos) ?? []);
    const found = memos.find((memo) => memo.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Queues a change to a memo, or refuses when this device never saw the memo (then there is nothing to show). */
function queueOn(client: QueryClient, id: number, change: Change, resources?: Resource[]): Promise<Memo> {
  const memo = shownMemo(client, id);
  if (!memo) return Promise.reject(new Error(`memo ${id} is not on this device`));
  return queueChange(memo, change, resources);
}

/** Saves a new memo, or queues it while offline (`resources`: the attachments as the editor shows them). */
export function useCreateMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ resources, ...draft }: MemoDraft & { resources: Resource[] }) =>
      sendOrQueue(
        () => api.call("memo.create", { body: draft }),
        () =>
          queueCreate(
            { content: draft.content, visibility: draft.visibility, resources, location: draft.location },
            client.getQueryData<User>(keys.me)!,
          ),
      ),
    onSuccess: ({ value: memo, queued }) => {
      if (queued) return;
      client.setQueryData(keys.memos.detail(memo.id), memo);
      refreshAround(client);
    },
  });
}

export type MemoPatch = MemoPatchRequest;

export function usePatchMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch, resources }: { id: number; patch: MemoPatch; resources?: Resource[] }) =>
      sendOrQueue(
        () => api.call("memo.patch", { params: { memoId: id }, body: patch }),
        () => queueOn(client, id, { kind: "patch", patch }, resources),
      ),
    onSuccess: ({ value: memo, queued }, { patch }) => {
      if (queued) return;
      storeMemo(client, memo);
      // A toggled todo changes nothing about order or tags; everything else may.
      const contentOnly = Object.keys(patch).length === 1 && patch.content !== undefined;
      if (!contentOnly) refreshAround(client);
      else {
        void client.invalidateQueries({ queryKey: keys.tags });
        void client.invalidateQueries({ queryKey: keys.memos.relations });
      }
    },
  });
}

export function usePinMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: number; pinned: boolean }) =>
      sendOrQueue(
        () => api.call("memo.pin", { params: { memoId: id }, body: { pinned } }),
        () => queueOn(client, id, { kind: "pin", pinned }),
      ),
    onSuccess: ({ value: memo, queued }) => {
      if (queued) return;
      storeMemo(client, memo);
      void client.invalidateQueries({ queryKey: [...keys.memos.all, "list"] });
    },
  });
}

export function useDeleteMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      sendOrQueue(
        () => api.call("memo.delete", { params: { memoId: id } }),
        () => queueOn(client, id, { kind: "delete" }).then(() => true),
      ),
    onSuccess: ({ queued }, id) => {
      if (queued) return;
      forgetMemo(client, id);
      refreshAround(client);
      void client.invalidateQueries({ queryKey: keys.trash });
    },
  });
}

/** Detaches a resource from a saved memo (the editor's chip "remove" while editing). */
export function useUnlinkResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memoId, resourceId }: { memoId: number; resourceId: number }) =>
      api.call("memo.unlinkResource", { params: { memoId, resourceId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.memos.all }),
  });
}

/**
 * One whole day of the signed-in user's memos, for the daily review: page after page of the largest size the
 * server gives (`MAX_LIST_LIMIT`), until the day is complete, so a day of 1,360 memos shows all 1,360.
 */
export const useDailyReviewMemos = (params: MemoListParams) =>
  useQuery({
    queryKey: keys.memos.dailyReview(params),
    queryFn: () => allPages((cursor) => memoPage("memo.list", { ...params, limit: MAX_LIST_LIMIT, cursor })),
  });
