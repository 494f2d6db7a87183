import type { ReactNode } from "react";

/**
 * The form's one button. The form's island disables it while the form is on
 * its way, so nobody sends it twice; disabled, it shows `sendingLabel`.
 */
export function SubmitButton({
  children,
  sendingLabel = "Sending…",
  disabled = false,
}: {
  children: ReactNode;
  sendingLabel?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={disabled}
      // The field being left is checked as it loses the focus, and its new message would push this button down
      // between the press and the release, so the click would miss it: pressing it keeps the focus where it is.
      onMouseDown={(event) => event.preventDefault()}
      className="group btn-accent w-full px-8 text-base sm:w-auto"
    >
      <span className="group-disabled:hidden">{children}</span>
      <span className="hidden items-center gap-2 group-disabled:inline-flex">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        {sendingLabel}
      </span>
    </button>
  );
}
