import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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
  },
});
