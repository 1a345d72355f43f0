import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies the API to a server started with `npm run dev` (port 5230).
const backend = "http://localhost:5230";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 3001,
    // changeOrigin stays off: the server refuses state changes whose Origin does not match the Host.
    proxy: { "/api": backend, "/o": backend, "/h": backend, "^/u/\\d+/rss.xml": backend, "/explore/rss.xml": backend },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
});
