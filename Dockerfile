# memos in a container: `docker build -t memos .`, then
#   docker run -d -p 5230:5230 -v ~/.memos/:/var/opt/memos memos
# docs/operator-guide.md ("Container") has the rest: compose, environment, upgrading from memos v0.10, read-only root.
#
# Two images, one Node major: the build stage compiles better-sqlite3 for the Node it runs, and the runtime loads
# that build, so BUILD_IMAGE and BASE_IMAGE must carry the same Node major (22.13+ or 24+).
# BUILD_IMAGE needs npm, python3, make and g++ (the official non-slim node images have them); BASE_IMAGE needs only
# node: no shell, no package manager, nothing runs in it at build time (a distroless image works, as does a slim one).
ARG BUILD_IMAGE=node:22-bookworm
ARG BASE_IMAGE=gcr.io/distroless/nodejs22-debian12:nonroot

# Every dependency, dev tools included. Only the manifests are copied first, so a change to the sources reuses
# this layer (npm ci compiles better-sqlite3 from source where no prebuilt binary can be downloaded: ~80 s).
FROM ${BUILD_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund \
 && node -e "new (require('better-sqlite3'))(':memory:').close()"

# What the server needs at run time and nothing else: the server workspace's production dependencies (the bundle
# inlines @memos/common; the web app is served as built files), installed from the lockfile and npm's cache of the
# stage above, with the native module built there (pruned below to what the bundle does not hold). TypeScript (types
# and the sources some packages ship: 4 MB), source maps, docs and tests of packages are left out, and so is the API
# reference page's unbundled swagger-ui.js (the page loads swagger-ui-bundle.js); its three large assets are kept
# gzipped only (1.6 MB less; server/src/http/compressed-only-files.ts serves them), and the SQLite addon's symbols
# needed only to debug it are stripped.
FROM deps AS server-deps
WORKDIR /out
RUN cp /app/package.json /app/package-lock.json ./ \
 && for workspace in common server web e2e bench; do mkdir -p $workspace && cp /app/$workspace/package.json $workspace/; done \
 && npm ci --omit=dev --workspace=server --ignore-scripts --prefer-offline --no-audit --no-fund \
 && rm -rf node_modules/@memos node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && mkdir -p node_modules/better-sqlite3/build/Release server/node_modules data \
 && cp /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node node_modules/better-sqlite3/build/Release/ \
 && find node_modules server/node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' -o -name '*.md' \) -delete \
 && find node_modules server/node_modules -regextype posix-extended -type d \
      -regex '.*node_modules/(@[^/]+/)?[^/]+/(test|tests|__tests__)' -prune -exec rm -rf {} + \
 && rm -rf node_modules/@fastify/swagger-ui/static/swagger-ui.js node_modules/@fastify/swagger-ui/examples \
      node_modules/@fastify/swagger-ui/e2e \
 && gzip -9 node_modules/@fastify/swagger-ui/static/swagger-ui-bundle.js \
      node_modules/@fastify/swagger-ui/static/swagger-ui-standalone-preset.js node_modules/@fastify/swagger-ui/static/swagger-ui.css \
 && strip --strip-unneeded node_modules/better-sqlite3/build/Release/better_sqlite3.node

# The app: the web app first (it changes less often than the server), then the server bundle.
FROM deps AS build
COPY tsconfig.json ./
COPY common/ common/
COPY web/ web/
# The build writes a .br and a .gz beside each text file (only a .gz beside the large files a rare first use loads:
# FIRST_USE_ONLY in web/vite.config.ts); the server sends those, and decompresses the .gz for a client that accepts
# neither (server/src/http/compressed-only-files.ts): the originals are 7 MB the image need not ship. index.html
# stays: the server reads it at start.
RUN npm run -w web build \
 && find web/dist -type f ! -name index.html ! -name '*.br' ! -name '*.gz' \
      -exec sh -c 'for f; do [ -e "$f.gz" ] && rm "$f"; done; true' sh {} +
COPY scripts/build-server.mjs scripts/
COPY scripts/lib/util.mjs scripts/lib/
COPY server/src/ server/src/
# The image's copy leaves out what only a transfer from memos on MySQL needs (mysql2, 1 MB, past the 150 MB aim):
# that transfer runs from a checkout (docs/operator-guide.md); the check below still loads the whole build.
RUN node scripts/build-server.mjs \
 && cp -a server/dist server/dist-image && rm server/dist-image/first-use/mysql2.cjs

# Most packages are inside the bundle: node_modules keeps the ones server/dist/packages.json names (native addons,
# the API reference's files, those loaded on first use) and their dependencies. The script then loads every chunk
# and each of those packages, so a package pruned by mistake fails this build, not a feature at run time.
FROM server-deps AS runtime-modules
COPY scripts/container/prune-modules.mjs /tmp/
COPY --from=build /app/server/dist/ /out/server/dist/
RUN node /tmp/prune-modules.mjs /out && rm -rf /out/server/dist

FROM ${BASE_IMAGE}
# The server runs as this user from the first instruction on (it never needs root). A data folder from memos v0.10,
# which ran as root, must be handed to it once: `chown -R 1000:1000 ~/.memos` (docs/operator-guide.md, "Container").
ARG MEMOS_UID=1000
ARG MEMOS_GID=1000
# /nodejs/bin is where distroless images keep node; official images keep it in /usr/local/bin.
ENV PATH=/nodejs/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MEMOS_MODE=prod \
    MEMOS_ADDR=0.0.0.0 \
    MEMOS_PORT=5230 \
    MEMOS_DATA=/var/opt/memos
WORKDIR /app
COPY --from=runtime-modules /out/node_modules/ node_modules/
COPY --from=runtime-modules /out/server/node_modules/ server/node_modules/
COPY --from=build /app/server/dist-image/ server/dist/
COPY --from=build /app/web/dist/ web/dist/
COPY --from=server-deps --chown=${MEMOS_UID}:${MEMOS_GID} /out/data/ /var/opt/memos/
USER ${MEMOS_UID}:${MEMOS_GID}
VOLUME /var/opt/memos
EXPOSE 5230
# The server closes its connections, the database and its lock file on SIGTERM and exits 0 (server/src/main.ts).
STOPSIGNAL SIGTERM
# node, not curl: the runtime image has no shell and no HTTP client. A listen address of 0.0.0.0 or :: is asked
# on loopback.
HEALTHCHECK --interval=30s --timeout=5s --start-period=2m --retries=3 \
  CMD ["node", "-e", "const a=process.env.MEMOS_ADDR||'';const h=!a||a==='0.0.0.0'?'127.0.0.1':a==='::'?'[::1]':a.includes(':')?`[${a}]`:a;fetch(`http://${h}:${process.env.MEMOS_PORT||5230}/healthz`,{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The flags of scripts/lib/server-flags.mjs (npm start's), checked by scripts/container/dockerfile.test.ts.
ENTRYPOINT ["node", "--enable-source-maps", "--max-semi-space-size=8", "--optimize-for-size", "/app/server/dist/main.js"]
