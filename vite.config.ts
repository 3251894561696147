import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, defineConfig } from "vite";
import { reactRouterCaches } from "./scripts/react-router-caches";

/**
 * React Router's package exports name only its development build, under every condition
 * (remix-run/react-router#14102), so a production build would run its warnings and checks on
 * every request and ship them to every browser. Builds take the production files instead, on the
 * server bundled into it, so the app and React Router's own entry points share one copy
 * (docs/decisions/029). `npm run dev` keeps the development build and its warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const files: Record<string, string> = {
    "react-router": "index.mjs",
    "react-router/dom": "dom-export.mjs",
  };
  const dist = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
  return {
    name: "kestrel:react-router-production",
    apply: "build",
    enforce: "pre",
    resolveId(id) {
      const file = files[id];
      return file ? path.join(dist, file) : null;
    },
  };
}

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
