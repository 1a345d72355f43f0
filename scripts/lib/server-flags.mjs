// How the server process is started, for `npm start` and the throughput bench alike (plain Node, no dependencies).
// Each cuts the server's resident memory under load without costing throughput (measured with
// `npm run -w bench throughput`, 60 s of mixed load; the explore page's share of bare node:http unchanged):
// - V8's young generation grows to two 16 MB semi-spaces under load; two of 8 MB are enough for requests that leave
//   little alive (4 MB made the old generation balloon with promoted objects instead);
// - --optimize-for-size: V8 grows its heap less eagerly and keeps smaller code (SQLite 143-145 → 114-121 MB,
//   PostgreSQL 130 → 99-100 MB);
// - glibc gives every thread that allocates (SQLite readers, libuv, V8's helpers) a malloc arena of its own, each
//   keeping freed memory; two arenas serve them all;
// - glibc raises its mmap and trim thresholds (to 32 and 64 MB) once a large block is freed, and from then on keeps
//   up to that much freed memory in each arena; fixed at 128 kB, large blocks go back to the system when freed and
//   so does the free top of an arena (after 60 s of the mixed load of `npm run -w bench memory`: 179-186 → 162-164 MB,
//   the same throughput).
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-semi-space-size=8", "--optimize-for-size"];

/** glibc's malloc settings of the server process (the Dockerfile sets the same). */
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };

/** The environment of the server process: the caller's, with our defaults for what it leaves unset. */
export const serverEnv = (env = process.env) => ({ ...SERVER_MALLOC_ENV, ...env });
