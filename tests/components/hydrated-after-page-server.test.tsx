/**
 * hydratedAfterPage() on the server: the part is rendered in full, in the
 * same pass as the page, never its fallback (which, without JavaScript,
 * would be all a browser shows).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hydratedAfterPage, partsHydratedAfterPage } from "#app/components/ui/hydrated-after-page.tsx";

const Part = ({ name }: { name: string }) => (
  <form method="post">
    <button type="submit">{name}</button>
  </form>
);

describe("hydratedAfterPage on the server", () => {
  it("renders the part in its Suspense boundary once the server has its code", async () => {
    const Component = hydratedAfterPage(() => Promise.resolve(Part));
    await partsHydratedAfterPage();
    expect(renderToString(<Component name="Save mapping" />)).toBe('<!--$--><form method="post"><button type="submit">Save mapping</button></form><!--/$-->');
  });
});
