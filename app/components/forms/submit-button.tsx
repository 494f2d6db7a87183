import type { ReactNode } from "react";

/** Disabled while the form is on its way, so nobody sends it twice. */
export function SubmitButton({
  sending,
  children,
  sendingLabel = "Sending…",
}: {
  sending: boolean;
  children: ReactNode;
  sendingLabel?: string;
}) {
  return (
    <button type="submit" disabled={sending} className="btn-accent w-full px-8 text-base sm:w-auto">
      {sending ? (
        <>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          {sendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
