import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstScreenStrings } from "./vite/first-screen-strings.js";
import { katexWoff2Only, mermaidWithoutElk, richModuleTest, richPackages } from "./vite/rich-chunks.js";

/** Where the build writes files only formulas and diagrams need: the service worker leaves them to first use. */
const RICH_DIR = "assets/rich";

/**
 * The large files a rare first use loads (the password strength dictionaries, 1.6 MB, as a new password is typed;
 * KaTeX and Mermaid, as a memo with a formula or a diagram shows): the service worker does not precache them, and
 * the build writes them as .gz alone, as the image keeps the API reference's largest files: the image ships 1.7 MB
 * less, and a browser that accepts brotli gets them gzipped, on that first use only.
 */
const FIRST_USE_ONLY = ["**/zxcvbn-*.js", `**/${RICH_DIR}/**`];
/**
 * Written as .gz alone: the first-use files, and the map page's Leaflet (precached, so the page opens offline, but
 * its brotli copy would be 50 KB more of the image for one page).
 */
const isGzipOnly = (path: string) =>
  /\/(zxcvbn-[^/]*|leaflet[^/]*)\.js$/.test(path) || /\/PlacesMap-[^/]*\.css$/.test(path) || path.includes(`/${RICH_DIR}/`);

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best: the server sends them
 * as they are (@fastify/static's preCompressed) instead of compressing the bundle for every first visit.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  // The build's own folder, wherever the build runs from and whatever --outDir says.
  let outDir = "dist";
  return {
    name: "memos-precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      handler() {
        for (const file of walk(outDir)) {
          if (!TEXT.test(file) || statSync(file).size < 1024) continue;
          const bytes = readFileSync(file);
          if (!isGzipOnly(file.split(sep).join("/")))
            writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The first screen: the app's start and the pages a member (home) and a visitor (explore) open on. The build puts
 * them and all they import in one file (`app`), and their strings in the first part of each language; the router
 * loads every other page, as the app its dialogs, with the rest of the strings (web/src/router/index.tsx).
 */
const FIRST_SCREEN = ["src/main.tsx", "src/pages/Home.tsx", "src/pages/Explore.tsx"].map((path) => resolve(import.meta.dirname, path));

/** KaTeX, Mermaid and what they bring (vite/rich-chunks.ts): loaded when a memo on screen has a formula or a diagram. */
const isRich = richModuleTest(richPackages(resolve(import.meta.dirname, "..")));

// The dev server proxies the API to a server started with `npm run dev` (port 5230).
const backend = "http://localhost:5230";

export default defineConfig({
  plugins: [
    katexWoff2Only(),
    mermaidWithoutElk(),
    react(),
    tailwindcss(),
    // The service worker precaches the app shell and its code, so the app opens without a network. It never
    // handles /api: server data offline comes from the query cache kept in IndexedDB (src/offline/).
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      // The server names the app after the instance (GET /manifest.webmanifest).
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,png,svg,woff2}"],
        // What a rare first use loads (above) loads then, never ahead of it; the service worker keeps KaTeX and
        // Mermaid once loaded (below), so formulas and diagrams seen once show offline too.
        globIgnores: FIRST_USE_ONLY,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: "/index.html",
        // Paths the server answers itself (files, feeds, the API and its docs, embeds other sites frame, the single
        // sign-on flow the browser follows to the provider and back).
        navigateFallbackDenylist: [
          /^\/api(\/|$)/,
          /^\/[oh]\//,
          /\/rss\.xml$/,
          /^\/manifest\.webmanifest$/,
          /^\/m\/\d+\/embed\/?$/,
          /^\/auth\/oidc\//,
        ],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith(`/${RICH_DIR}/`),
            handler: "CacheFirst",
            options: { cacheName: "memos-rich", expiration: { maxEntries: 400 } },
          },
        ],
      },
    }),
    firstScreenStrings(FIRST_SCREEN),
    precompress(),
  ],
  server: {
    port: 3001,
    // changeOrigin stays off: the server refuses state changes whose Origin does not match the Host.
    proxy: {
      "/api": backend,
      "/o": backend,
      "/h": backend,
      "^/u/\\d+/rss.xml": backend,
      "/explore/rss.xml": backend,
      "/auth/oidc": backend,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isRich) ? `${RICH_DIR}/[name]-[hash].js` : "assets/[name]-[hash].js",
        assetFileNames: (asset) =>
          asset.names.some((name) => /^(KaTeX_|katex)/.test(name)) ? `${RICH_DIR}/[name]-[hash][extname]` : "assets/[name]-[hash][extname]",
        codeSplitting: {
          groups: [
            // The first screen is one file. Automatic splitting made about 20 of it, with small shared chunks
            // copied into each (experimentalInlineCommonChunks); that copying needs every module wrapped in an init
            // function to keep their order (strictExecutionOrder), and the wrappers and the imports between the files
            // were 12 KB of the 220. Rolldown puts into the group what these modules use, not all they import: zod,
            // which the settings alone use through @memos/common, stays out.
            { name: "app", test: (id) => FIRST_SCREEN.includes(id) },
            // Named, so the service worker can leave them out of its precache (above).
            { name: (id) => (id.includes("/node_modules/@zxcvbn-ts/") ? `zxcvbn-${id.split("/@zxcvbn-ts/")[1]!.split("/")[0]}` : null) },
            // The small modules that several later parts share (icons, a text field, a copy button: 5 KB) are one
            // file, not a file each: opening the settings loaded 18 files without it, 5 with it. The passkey library
            // stays with the sign-in and the passkey settings, which alone use it.
            // KaTeX's and Mermaid's small shared modules are a file of their own: in `shared`, every later part of
            // the app would load them.
            { name: "rich-shared", minShareCount: 2, maxModuleSize: 2048, test: isRich },
            {
              name: "shared",
              minShareCount: 2,
              maxModuleSize: 2048,
              test: (id) => !id.includes("/node_modules/@simplewebauthn/") && !isRich(id),
            },
          ],
        },
      },
    },
  },
});
