import { pino } from "pino";
import { getEnv } from "./env.server";

let instance: pino.Logger | undefined;

/** JSON logs; request-scoped children carry `requestId`. */
export function getLogger(): pino.Logger {
  instance ??= pino({
    level: getEnv().LOG_LEVEL,
    base: { service: "kestrel" },
    redact: { paths: ["*.password", "*.code", "*.token", "*.cookie"], censor: "[redacted]" },
  });
  return instance;
}
