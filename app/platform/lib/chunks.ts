/**
 * Runs `read` over `ids` in slices and joins the results: a query names at most `size` values, far
 * below SQLite's and PostgreSQL's limits on bound parameters.
 */
export async function inChunks<T>(
  ids: readonly string[],
  read: (slice: string[]) => Promise<T[]>,
  size = 500,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < ids.length; start += size) {
    results.push(...(await read(ids.slice(start, start + size))));
  }
  return results;
}
