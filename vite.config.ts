import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { reactRouterCaches, reactRouterProductionBuild } from "./scripts/react-router-build";

export default defineConfig(({ command }) => ({
  // The server bundle's entry is our Express app, so the app, the database layer and the HTTP
  // server share one module graph (one database handle to close on shutdown).
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Bundled by builds only: development loads React Router as Node resolves it.
      resolve: { noExternal: command === "build" ? ["react-router"] : [] },
    },
  },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [reactRouterProductionBuild(), reactRouterCaches(), tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        // The libraries every page runs, in one file: one request and one compression window
        // instead of four small ones.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
