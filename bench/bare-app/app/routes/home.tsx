/**
 * One page of about the portal's size: a header, a lead, a list of
 * expandable sections and a footer, with its text from a loader, as a real
 * page has. BENCH_BARE_SECTIONS sets how many sections (the benchmark picks
 * the number that matches the portal page's HTML size).
 */
export function loader() {
  const sections = Number(process.env.BENCH_BARE_SECTIONS ?? 8);
  return {
    title: "A page of a bare React Router app",
    sections: Array.from({ length: sections }, (_, index) => ({
      id: `section-${index + 1}`,
      title: `Section ${index + 1}`,
      body: "Each section holds a paragraph of ordinary text, about as long as a step of an onboarding guide, so the page weighs what a real page weighs.",
    })),
  };
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
