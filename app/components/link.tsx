import type { ComponentProps } from "react";

type AnchorProps = Omit<ComponentProps<"a">, "href" | "className">;

/**
 * A link on the public pages. No page runs React in the browser, so React
 * Router's Link could only ever render an anchor that the browser follows
 * like any other, after resolving its path through several hooks on every
 * render. A plain anchor is the same HTML for a fraction of the server's
 * work. A relative `to` would be resolved by the browser against the page's
 * address, not against the route, so every `to` here is a path from the
 * site's root. The console keeps React Router's Link: its links are written
 * relative to their screen (a list's card links to its record's id).
 */
export function Link({ to, ...props }: AnchorProps & { to: string; className?: string }) {
  return <a href={to} {...props} />;
}

/** A NavLink's class: fixed, or chosen by whether it leads to the page being shown. */
export type NavLinkClassName = string | ((state: { isActive: boolean }) => string);

/**
 * A link that knows it leads to the page being shown, `pathname` (or, unless
 * `end`, to a page above it): it says so with `aria-current="page"` and may
 * look different.
 */
export function NavLink({
  to,
  end = false,
  pathname,
  className,
  ...props
}: AnchorProps & { to: string; end?: boolean; pathname: string; className?: NavLinkClassName }) {
  const isActive = isCurrent(pathname, to, end);
  return (
    <a
      href={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
      {...props}
    />
  );
}

/** The page at `pathname` is `to`, or below it when `end` is not asked for (case and a trailing slash aside). */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const target = to.toLowerCase().replace(/(.)\/+$/, "$1");
  if (here === target) return true;
  return !end && target !== "/" && here.startsWith(`${target}/`);
}
