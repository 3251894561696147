import type { ComponentProps } from "react";
import { controlClass } from "~/platform/ui/field";
import { CODE_LENGTH } from "./constants";

/** A field for a 6-digit code (mailed or from an authenticator), as phones offer to fill it. */
export function OneTimeCodeInput(props: ComponentProps<"input">) {
  return (
    <input
      type="text"
      {...props}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={CODE_LENGTH + 2}
      className={`${controlClass} font-mono text-lg tracking-[0.4em]`}
    />
  );
}
