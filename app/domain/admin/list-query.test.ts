import { describe, expect, it } from "vitest";
import { ADMIN_SEARCH_MAX_LENGTH } from "./constants";
import { parseAdminListQuery } from "./list-query";

const parse = (search: string) => parseAdminListQuery(new URLSearchParams(search));

describe("parseAdminListQuery", () => {
  it("reads a trimmed search and a page", () => {
    expect(parse("q=%20Siti%20&page=3")).toEqual({ q: "Siti", page: 3 });
  });

  it("starts with no search on the first page", () => {
    expect(parse("")).toEqual({ q: "", page: 1 });
  });

  it.each(["0", "-1", "abc", "2.5", "", "Infinity", "1e400", "99999999999999999999"])(
    "reads page=%j as the first page",
    (page) => {
      expect(parse(`page=${page}`).page).toBe(1);
    },
  );

  it("drops a search longer than the search box allows", () => {
    expect(parse(`q=${"a".repeat(ADMIN_SEARCH_MAX_LENGTH)}`).q).toHaveLength(
      ADMIN_SEARCH_MAX_LENGTH,
    );
    expect(parse(`q=${"a".repeat(ADMIN_SEARCH_MAX_LENGTH + 1)}`).q).toBe("");
  });
});
