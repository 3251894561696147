import path from "node:path";
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
        test: {
          name: "integration",
          include: [
            "app/**/*.integration.test.ts",
            "server/**/*.integration.test.ts",
            "scripts/**/*.integration.test.ts",
          ],
          setupFiles: ["tests/integration/setup.ts"],
          // A test that signs four people in through the real sign-in steps takes 4–5 s on two busy
          // cores, against vitest's default limit of 5 s: the limit is for a hung test, not a slow one.
          testTimeout: 20_000,
          // A hook that starts an app server (tests/integration/app-server.ts) transforms the whole
          // app through Vite: 20-30 s while the other workers do the same on two cores.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
