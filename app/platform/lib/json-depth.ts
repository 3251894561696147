// Untrusted JSON is measured before it is parsed: JSON.parse copes with any nesting, but everything
// that walks the value afterwards (canonical JSON, validation, a diff) recurses, and a few megabytes
// of brackets would exhaust the stack or hold a worker for seconds.

/** How deep untrusted JSON may nest: evidence kits nest about 8 levels, API bodies fewer. */
export const JSON_MAX_DEPTH = 64;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, found in one pass over the
 * characters (no recursion, no allocation), skipping brackets inside strings.
 */
export function nestsDeeperThan(text: string, limit = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Untrusted JSON text parsed only once it is known to nest no deeper than `limit`, so nothing
 * that walks the value later can be made to recurse without end: undefined when the text is
 * malformed or nests too deep.
 */
export function parseShallowJson(text: string, limit = JSON_MAX_DEPTH): unknown {
  if (nestsDeeperThan(text, limit)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
