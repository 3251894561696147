import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Opt in to React Router 8 behaviour now, so the move to v8 (once Node 22 is here) is a bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
