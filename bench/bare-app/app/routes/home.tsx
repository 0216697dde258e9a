/**
 * One page of a given size: a header, a lead, a list of expandable sections
 * and a footer, with its text from a loader, as a real page has. `?bytes=N`
 * asks for a page of about N bytes of HTML (the server-cost benchmark asks
 * for each portal page's size); without it, eight sections.
 *
 * The sections' text comes from a per-process table, as a real app's would
 * come from its data: the loader picks the sections, React renders them.
 * The words vary, so the page compresses like a page of real text, not like
 * one sentence repeated.
 */
/** HTML bytes of the page with no section (the shell, the scripts' manifest) and of one section, measured once per process. */
const SHELL_BYTES = 3_580;
const SECTION_BYTES = 310;
const WORDS = "order shop seller catalogue price offer delivery warehouse invoice return product stock review account payment customer".split(" ");

/** A section's text: WORDS in an order drawn from the section's number (no randomness: the same page every time). */
function sectionBody(index: number): string {
  let seed = index * 2654435761;
  const words: string[] = [];
  for (let i = 0; i < 24; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    words.push(WORDS[seed % WORDS.length]!);
  }
  return `${words.join(" ")}.`;
}

const SECTIONS = Array.from({ length: 2_000 }, (_, index) => ({ id: `section-${index + 1}`, title: `Section ${index + 1}`, body: sectionBody(index) }));

export function loader({ request }: { request: Request }) {
  const bytes = Number(new URL(request.url).searchParams.get("bytes") ?? 0);
  const count = bytes > 0 ? Math.max(0, Math.round((bytes - SHELL_BYTES) / SECTION_BYTES)) : 8;
  return { title: "A page of a bare React Router app", sections: SECTIONS.slice(0, count) };
}

export function meta() {
  return [{ title: "Bare app" }];
}

export default function Home({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  return (
    <>
      <header className="header">
        <a href="/">Bare app</a>
        <nav aria-label="Main">
          <a href="/">Home</a>
        </nav>
      </header>
      <main id="main">
        <h1>{loaderData.title}</h1>
        <p>A bare app: Express, compression and React Router rendering one route, nothing else.</p>
        {loaderData.sections.map((section) => (
          <details key={section.id} id={section.id}>
            <summary>{section.title}</summary>
            <p>{section.body}</p>
          </details>
        ))}
      </main>
      <footer>
        <p>Bare app</p>
      </footer>
    </>
  );
}
