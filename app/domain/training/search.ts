import { LEVELS, type Level } from "./content-schema";

export type LevelFilter = Level | "all";

export function parseLevel(value: string | null): LevelFilter {
  return LEVELS.find((level) => level === value) ?? "all";
}

interface Searchable {
  title: string;
  description: string;
  level: Level;
  modules: readonly { title: string; description: string; level: Level }[];
}

/**
 * SPEC §5: tracks whose title or description, or one of whose modules' title or description,
 * contains the query (any case), at the chosen level: the track's own level, so "Beginner" and
 * "Advanced" do not both list an intermediate track because its modules span levels.
 */
export function searchTracks<T extends Searchable>(
  tracks: readonly T[],
  query: string,
  level: LevelFilter,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  const matches = (item: { title: string; description: string }) =>
    needle === "" ||
    item.title.toLocaleLowerCase().includes(needle) ||
    item.description.toLocaleLowerCase().includes(needle);
  return tracks.filter(
    (track) =>
      (level === "all" || track.level === level) && (matches(track) || track.modules.some(matches)),
  );
}
