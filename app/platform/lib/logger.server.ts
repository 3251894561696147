import { pino } from "pino";
import { getEnv } from "./env.server";

let instance: pino.Logger | undefined;

/** JSON logs; request-scoped children carry `requestId`. */
export function getLogger(): pino.Logger {
  instance ??= pino({
    level: getEnv().LOG_LEVEL,
    base: { service: "kestrel" },
    // Secrets never reach the logs, whichever object carries them.
    redact: {
      paths: [
        "*.password",
        "*.otp",
        "*.token",
        "*.cookie",
        "*.secret",
        "*.apiKey",
        "*.authorization",
      ],
      censor: "[redacted]",
    },
  });
  return instance;
}
