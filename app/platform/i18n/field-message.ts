import { parseFieldMessage } from "~/platform/lib/field-message";
import { useTranslation } from "./translation";

/** Turns a field's first error (a dictionary key with values) into the reader's language. */
export function useFieldMessage(): (errors: readonly string[] | undefined) => string | null {
  const { t } = useTranslation();
  return (errors) => {
    const first = errors?.[0];
    if (!first) return null;
    const { key, values } = parseFieldMessage(first);
    return String(t(key as never, values as never));
  };
}
