import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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
          writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

// The dev server proxies the API to a server started with `npm run dev` (port 5230).
const backend = "http://localhost:5230";

export default defineConfig({
  plugins: [
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
        // The password strength dictionaries (1.6 MB) load when a new password is typed, never ahead of it.
        globIgnores: ["**/zxcvbn-*.js"],
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
        runtimeCaching: [],
      },
    }),
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
        codeSplitting: {
          groups: [
            // Named, so the service worker can leave them out of its precache (above).
            { name: (id) => (id.includes("/node_modules/@zxcvbn-ts/") ? `zxcvbn-${id.split("/@zxcvbn-ts/")[1]!.split("/")[0]}` : null) },
          ],
          // A common chunk under 8 KB (before minifying) is copied into the chunks that use it instead of being
          // a file of its own: the first screen loaded 61 scripts, most of them a few hundred bytes (an icon, a
          // query key), each a request and an import line of hashed names; now about 20, and 4 KB lighter.
          experimentalInlineCommonChunks: { maxSize: 8192 },
        },
      },
    },
  },
});
