import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, which left
    // the second core idle while tests waited on the database and the disk.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "eslint/**/*.test.js",
          ],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        // The app's server build is a virtual module of React Router's plugin: with it, a test
        // starts the whole app from source (tests/integration/app-server.ts), and the app is
        // transformed once for every file and worker instead of once a file.
        plugins: [reactRouter()],
        test: {
          name: "integration",
          include: [
            "app/**/*.integration.test.ts",
            "server/**/*.integration.test.ts",
            "scripts/**/*.integration.test.ts",
          ],
          setupFiles: ["tests/integration/setup.ts"],
          // The pages link their stylesheet by its address (`?url`): processed, the address is
          // there as it is in development, not an empty string.
          css: true,
          // A test that signs four people in through the real sign-in steps takes 4–5 s on two busy
          // cores, against vitest's default limit of 5 s: the limit is for a hung test, not a slow one.
          testTimeout: 20_000,
          // The first hook that starts an app server transforms the whole app: 10-30 s on two busy
          // cores.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
