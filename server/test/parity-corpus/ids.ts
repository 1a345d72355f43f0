// The parity corpus: ids in paths, queries and bodies, below, at and past PostgreSQL's INTEGER range, and values
// that are not integers.
import { BAD_BODY_IDS, BAD_IDS, type Case, query } from "./shared.js";

export const idCases: Case[] = BAD_IDS.flatMap((id): Case[] => {
  const at = (template: string) => template.replaceAll(":id", id);
  // Every id but 2147483647 (in range, just absent) is refused: "ID is not a number: …" (or the NUL rule, for a
  // path's %00; in a query it arrives as the text "%00").
  const expected = id === "2147483647" ? undefined : { status: 400, message: /is not a number: |NUL characters$/ };
  const cases: Case[] = [
    { name: `GET /api/memo/${id}`, request: () => ({ method: "GET", url: at("/api/memo/:id") }) },
    { name: `GET /api/memo/${id} (anonymous)`, request: () => ({ method: "GET", url: at("/api/memo/:id"), as: "anonymous" }) },
    { name: `PATCH /api/memo/${id}`, request: () => ({ method: "PATCH", url: at("/api/memo/:id"), json: { content: "x" } }) },
    { name: `DELETE /api/memo/${id}`, request: () => ({ method: "DELETE", url: at("/api/memo/:id") }) },
    {
      name: `POST /api/memo/${id}/organizer`,
      request: () => ({ method: "POST", url: at("/api/memo/:id/organizer"), json: { pinned: true } }),
    },
    {
      name: `POST /api/memo/${id}/resource`,
      request: (s) => ({ method: "POST", url: at("/api/memo/:id/resource"), json: { resourceId: s.resourceId } }),
    },
    { name: `GET /api/memo/${id}/resource`, request: () => ({ method: "GET", url: at("/api/memo/:id/resource"), as: "anonymous" }) },
    {
      name: `DELETE /api/memo/${id}/resource/:rid`,
      request: (s) => ({ method: "DELETE", url: `${at("/api/memo/:id")}/resource/${s.resourceId}` }),
    },
    { name: `DELETE /api/memo/:mid/resource/${id}`, request: (s) => ({ method: "DELETE", url: at(`/api/memo/${s.memoId}/resource/:id`) }) },
    { name: `GET /api/user/${id}`, request: () => ({ method: "GET", url: at("/api/user/:id"), as: "anonymous" }) },
    { name: `PATCH /api/user/${id}`, request: () => ({ method: "PATCH", url: at("/api/user/:id"), json: { nickname: "x" } }) },
    { name: `DELETE /api/user/${id}`, request: () => ({ method: "DELETE", url: at("/api/user/:id") }) },
    { name: `GET /u/${id}/rss.xml`, request: () => ({ method: "GET", url: at("/u/:id/rss.xml"), as: "anonymous" }) },
    { name: `GET /api/shortcut/${id}`, request: () => ({ method: "GET", url: at("/api/shortcut/:id") }) },
    { name: `PATCH /api/shortcut/${id}`, request: () => ({ method: "PATCH", url: at("/api/shortcut/:id"), json: { title: "x" } }) },
    { name: `DELETE /api/shortcut/${id}`, request: () => ({ method: "DELETE", url: at("/api/shortcut/:id") }) },
    { name: `GET /api/resource/${id}`, request: () => ({ method: "GET", url: at("/api/resource/:id") }) },
    { name: `GET /api/resource/${id}/blob`, request: () => ({ method: "GET", url: at("/api/resource/:id/blob") }) },
    { name: `PATCH /api/resource/${id}`, request: () => ({ method: "PATCH", url: at("/api/resource/:id"), json: { filename: "x.txt" } }) },
    { name: `DELETE /api/resource/${id}`, request: () => ({ method: "DELETE", url: at("/api/resource/:id") }) },
    { name: `GET /o/r/${id}/name`, request: () => ({ method: "GET", url: at("/o/r/:id/hello.txt"), as: "anonymous" }) },
    { name: `GET /h/r/${id}/name`, request: () => ({ method: "GET", url: at("/h/r/:id/hello.txt") }) },
    {
      name: `GET /api/memo?creatorId=${id}`,
      request: () => ({ method: "GET", url: `/api/memo${query({ creatorId: id })}`, as: "anonymous" }),
    },
    { name: `GET /api/memo/all?creatorId=${id}`, request: () => ({ method: "GET", url: `/api/memo/all${query({ creatorId: id })}` }) },
    { name: `GET /api/memo/stats?creatorId=${id}`, request: () => ({ method: "GET", url: `/api/memo/stats${query({ creatorId: id })}` }) },
    { name: `GET /api/memo/amount?userId=${id}`, request: () => ({ method: "GET", url: `/api/memo/amount${query({ userId: id })}` }) },
  ];
  return cases.map((entry) => ({ ...entry, expected }));
});

export const bodyIdCases: Case[] = BAD_BODY_IDS.flatMap((id): Case[] => {
  // Out of range, the wire's id message names the field: "…: resourceIdList.0: ID is not a number: 2147483648".
  const expected = ["0", "-1", "2147483648"].includes(id)
    ? { status: 400, message: new RegExp(`: resourceId(List\\.0)?: ID is not a number: ${id}$`) }
    : undefined;
  return [
    {
      name: `POST /api/memo resourceIdList [${id}]`,
      expected,
      request: () => ({ method: "POST", url: "/api/memo", raw: `{"content":"x","resourceIdList":[${id}]}` }),
    },
    {
      name: `PATCH /api/memo resourceIdList [${id}]`,
      expected,
      request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, raw: `{"resourceIdList":[${id}]}` }),
    },
    {
      name: `POST /api/memo/:id/resource resourceId ${id}`,
      expected,
      request: (s) => ({ method: "POST", url: `/api/memo/${s.memoId}/resource`, raw: `{"resourceId":${id}}` }),
    },
    {
      name: `POST /api/memo/:id/resource resourceID ${id}`,
      expected,
      request: (s) => ({ method: "POST", url: `/api/memo/${s.memoId}/resource`, raw: `{"resourceID":${id}}` }),
    },
    {
      name: `POST /api/memo createdTs ${id}`,
      request: () => ({ method: "POST", url: "/api/memo", raw: `{"content":"x","createdTs":${id}}` }),
    },
  ];
});
