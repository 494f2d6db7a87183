/**
 * The stock template's welcome page, with a loader that hands it a list of
 * items (`?items=N`, 30 by default), so that the page weighs what the site's
 * page it is compared with weighs (the bench picks N): the reference is React
 * Router rendering a page of the same size, without a database.
 */
export function meta() {
  return [{ title: "New React Router App" }, { name: "description", content: "Welcome to React Router!" }];
}

const resources = [
  { href: "https://reactrouter.com/docs", text: "React Router Docs" },
  { href: "https://rmx.as/discord", text: "Join Discord" },
];

export function loader({ request }: { request: Request }) {
  const count = Math.min(500, Number(new URL(request.url).searchParams.get("items") ?? 30) || 30);
  return {
    items: Array.from({ length: count }, (_, i) => ({
      id: i,
      title: `Item ${i + 1}`,
      text: "A few sentences of text, as a review or a line of a quote would have, written out on the server.",
    })),
  };
}

export default function Home({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  return (
    <main className="flex items-center justify-center pt-16 pb-4">
      <div className="flex-1 flex flex-col items-center gap-16 min-h-0">
        <header className="flex flex-col items-center gap-9">
          <h1>Welcome to React Router</h1>
        </header>
        <nav className="rounded-3xl border border-gray-200 p-6 space-y-4">
          <p className="leading-6 text-gray-700 text-center">What&apos;s next?</p>
          <ul>
            {resources.map(({ href, text }) => (
              <li key={href}>
                <a className="group flex items-center gap-3 self-stretch p-3 leading-normal" href={href}>
                  {text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="grid gap-6 md:grid-cols-2">
          {loaderData.items.map((item) => (
            <li key={item.id} className="rounded-xl border border-gray-200 p-6">
              <h2 className="text-lg">{item.title}</h2>
              <p className="mt-2 text-gray-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
