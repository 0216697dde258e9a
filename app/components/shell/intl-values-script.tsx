import { intlValuesFromPage, recordedIntlValues } from "#app/lib/intl-formats.ts";

const ID = "intl-values";

/** In the browser: the page's values as the server wrote them, so that hydrating renders the same element. */
let fromPage = "{}";

/** JSON inside a script element: a "<" would let a value end the element. */
const inScript = (values: Map<string, unknown>) => JSON.stringify(Object.fromEntries(values)).replaceAll("<", "\\u003c");

/**
 * The Intl values the server worked out for this page (numbers, dates, names of countries), for the browser to read
 * while it hydrates instead of setting up Intl then (intl-formats.ts). Rendered after the page's content, once its
 * render has worked them out. Not a script that runs: JSON the client entry reads (`readIntlValuesFromPage`).
 */
export function IntlValuesScript() {
  const recorded = recordedIntlValues();
  const json = recorded ? inScript(recorded) : fromPage;
  return <script type="application/json" id={ID} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** Before hydrating: the values the page carries. A page without them (or unreadable ones) is formatted by Intl. */
export function readIntlValuesFromPage(): void {
  const text = document.getElementById(ID)?.textContent;
  if (!text) return;
  try {
    intlValuesFromPage(JSON.parse(text) as Record<string, unknown>);
    fromPage = text;
  } catch {
    // The page's formats are then worked out here.
  }
}
