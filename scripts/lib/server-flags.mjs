// How the server process is started, for `npm start` and the throughput bench alike (plain Node, no dependencies).
// Each cuts the server's resident memory under load without costing throughput (measured with
// `npm run -w bench throughput`, 60 s of mixed load; the explore page's share of bare node:http unchanged):
// - V8's young generation grows to two 16 MB semi-spaces under load; two of 8 MB are enough for requests that leave
//   little alive (4 MB made the old generation balloon with promoted objects instead);
// - --optimize-for-size: V8 grows its heap less eagerly and keeps smaller code (SQLite 143-145 → 114-121 MB,
//   PostgreSQL 130 → 99-100 MB);
// - glibc gives every thread that allocates (SQLite readers, libuv, V8's helpers) a malloc arena of its own, each
//   keeping freed memory; two arenas serve them all.
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-semi-space-size=8", "--optimize-for-size"];

/** The environment of the server process: the caller's, with our defaults for what it leaves unset. */
export const serverEnv = (env = process.env) => ({ MALLOC_ARENA_MAX: "2", ...env });
