import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";

/**
 * "Back" that goes one step back in the browser's history (spec 2.2, the
 * COVID guidelines). The server sends a plain link to `fallback`, which is
 * what a visitor without JavaScript uses; once the page is interactive it
 * becomes a button. A visitor who arrived on this page directly has no page
 * of ours to go back to, so they get `fallback` too rather than leaving the site.
 */
export function BackButton({ fallback, children = "Back", className = "btn-outline" }: { fallback: string; children?: React.ReactNode; className?: string }) {
  const navigate = useNavigate();
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const arrow = (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M10 3L5 8l5 5" />
    </svg>
  );

  if (!interactive) {
    return (
      <Link to={fallback} className={className}>
        {arrow}
        {children}
      </Link>
    );
  }
  const goBack = () => {
    // React Router numbers its history entries; 0 means this is the first page of the visit.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback);
  };
  return (
    <button type="button" className={className} onClick={goBack}>
      {arrow}
      {children}
    </button>
  );
}
