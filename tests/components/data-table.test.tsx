// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DataTable } from "#app/components/ui/data-table.tsx";

afterEach(cleanup);

const rows = (
  <tr>
    <th scope="row">Bergblick Möbel KG</th>
    <td>Onboarding</td>
  </tr>
);

describe("a table's scrolling frame", () => {
  it("is a focusable region named by its heading when it stands alone", () => {
    render(
      <>
        <h2 id="sellers">Sellers</h2>
        <DataTable labelledBy="sellers" columns={["Seller", "State"]}>
          {rows}
        </DataTable>
      </>,
    );
    const frame = screen.getByRole("region", { name: "Sellers" });
    expect(frame.tabIndex).toBe(0);
    expect(frame.querySelector("table")).not.toBeNull();
  });

  it("is no second region of that name in a section its heading already names", () => {
    render(
      <section aria-labelledby="sellers">
        <h2 id="sellers">Sellers</h2>
        <p>Every seller in onboarding.</p>
        <DataTable labelledBy="sellers" landmark={false} columns={["Seller", "State"]}>
          {rows}
        </DataTable>
      </section>,
    );
    const regions = screen.getAllByRole("region", { name: "Sellers" });
    expect(regions).toHaveLength(1);
    expect(regions[0]!.tagName).toBe("SECTION");
    // The frame still scrolls with the keyboard, and says what it holds when focused.
    const frame = screen.getByRole("group", { name: "Sellers" });
    expect(frame.tabIndex).toBe(0);
    expect(frame.querySelector("table")).not.toBeNull();
  });

  it("is neither focusable nor a landmark without a name", () => {
    const { container } = render(
      <DataTable columns={["Seller", "State"]} landmark={false}>
        {rows}
      </DataTable>,
    );
    const frame = container.querySelector(".table-scroll")!;
    expect(frame.getAttribute("role")).toBeNull();
    expect(frame.getAttribute("tabindex")).toBeNull();
  });
});
