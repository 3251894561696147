// A field message is a dictionary key with any values after `?` (`validation:maxLength?max=120`);
// reading one needs no schema library, so pages without forms do not load zod for it.

/** Splits a field message into its dictionary key and values. */
export function parseFieldMessage(message: string): {
  key: string;
  values: Record<string, string>;
} {
  const [key = message, query = ""] = message.split("?");
  return { key, values: Object.fromEntries(new URLSearchParams(query)) };
}
