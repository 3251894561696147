// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type Column, DataTable } from "./data-table";

afterEach(cleanup);

interface Person {
  id: number;
  name: string;
  email: string | null;
}

const people: Person[] = [
  { id: 1, name: "Ada", email: "ada@example.com" },
  { id: 2, name: "Grace", email: null },
];
const nameColumn: Column<Person> = { key: "name", header: "Name", cell: (person) => person.name };
const emailColumn: Column<Person> = {
  key: "email",
  header: "Email",
  cell: (person) => person.email,
};
const columns = [nameColumn, emailColumn];

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe("DataTable", () => {
  it("names the table and its focusable scrolling region by a hidden caption", () => {
    render(<DataTable caption="People" columns={columns} rows={people} none="None" />);
    const table = screen.getByRole("table", { name: "People" });
    expect(screen.getByText("People").className).toBe("sr-only");
    const region = screen.getByRole("region", { name: "People" });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(table)).toBe(true);
    expect(texts(screen.getAllByRole("columnheader"))).toEqual(["Name", "Email"]);
    expect(texts(screen.getAllByRole("cell"))).toEqual([
      "Ada",
      "ada@example.com",
      "Grace",
      "—None",
    ]);
    expect(screen.queryAllByRole("rowheader")).toEqual([]);
  });

  it("leaves an empty cell empty without a word for it", () => {
    render(<DataTable caption="People" columns={columns} rows={people} />);
    expect(texts(screen.getAllByRole("cell"))).toEqual(["Ada", "ada@example.com", "Grace", ""]);
  });

  it("shows the caption when asked, and makes a row-header column name each row", () => {
    const named = [{ ...nameColumn, rowHeader: true }, emailColumn];
    render(
      <DataTable
        caption="People"
        showCaption
        variant="compact"
        columns={named}
        rows={people}
        none="None"
        data-testid="people"
      />,
    );
    expect(screen.getByText("People").className).not.toContain("sr-only");
    expect(screen.getByTestId("people")).toBe(screen.getByRole("table", { name: "People" }));
    const headers = screen.getAllByRole("rowheader");
    expect(texts(headers)).toEqual(["Ada", "Grace"]);
    expect(headers.map((header) => header.getAttribute("scope"))).toEqual(["row", "row"]);
    expect(screen.getByRole("row", { name: /Ada/ }).textContent).toContain("ada@example.com");
  });

  it("takes its name from a heading, string row ids, a hidden header and a footer row", () => {
    interface Score {
      id: string;
      title: string;
      score: number;
    }
    const scoreColumns: Column<Score>[] = [
      { key: "title", header: "Exercise", rowHeader: true, cell: (row) => row.title },
      { key: "score", header: "Score", hideHeader: true, align: "end", cell: (row) => row.score },
    ];
    render(
      <>
        <h3 id="results">Your results</h3>
        <DataTable
          labelledBy="results"
          columns={scoreColumns}
          rows={[
            { id: "a", title: "First", score: 0 },
            { id: "b", title: "Second", score: 2 },
          ]}
          footer={{ id: "total", title: "Total", score: 2 }}
        />
      </>,
    );
    const table = screen.getByRole("table", { name: "Your results" });
    expect(screen.getByRole("region", { name: "Your results" })).toBeTruthy();
    expect(table.querySelector("caption")).toBeNull();
    const score = screen.getByRole("columnheader", { name: "Score" });
    expect(score.querySelector(".sr-only")?.textContent).toBe("Score");
    // 0 is a value, not an empty cell.
    expect(texts(screen.getAllByRole("cell"))).toEqual(["0", "2", "2"]);
    const footer = table.querySelector("tfoot");
    if (!footer) throw new Error("no footer");
    expect(within(footer).getByRole("rowheader").textContent).toBe("Total");
  });
});
