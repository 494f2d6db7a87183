import type { ReactNode } from "react";
import { TickIcon } from "../icons";

/** Why the form was not sent (connection lost, server trouble, too many forms): what was typed stays. */
export function SendNotice({ message, autoFocus }: { message: string; autoFocus?: boolean }) {
  return (
    <div
      tabIndex={-1}
      role="alert"
      data-send-notice=""
      // biome-ignore lint/a11y/noAutofocus: shown only in answer to a submit that failed, where the visitor's next step starts
      autoFocus={autoFocus}
      className="flex gap-3 rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-sm leading-relaxed font-medium text-red-900 outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-red-700">
        <path d="M10 2.5 18.5 17h-17L10 2.5Z" fill="currentColor" />
        <path d="M10 8v4" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="10" cy="14.5" r="1" fill="#fff" />
      </svg>
      <p>{message}</p>
    </div>
  );
}

/** Replaces a form once it has been stored; it takes the focus, since the form the visitor was in is gone. */
export function SuccessBox({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      tabIndex={-1}
      role="status"
      // biome-ignore lint/a11y/noAutofocus: shown only in answer to a submit, in place of the form that had the focus
      autoFocus
      className="scroll-mt-28 rounded-2xl px-2 py-8 text-center outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent sm:px-6 sm:py-10"
    >
      <span
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-blush text-accent-dark"
      >
        <TickIcon className="size-7" />
      </span>
      <h2 className="mx-auto mt-6 max-w-xl text-2xl leading-snug sm:text-3xl">{title}</h2>
      {children ? <div className="mx-auto mt-4 max-w-lg leading-relaxed text-muted">{children}</div> : null}
    </div>
  );
}
