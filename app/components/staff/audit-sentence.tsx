import { Link } from "react-router";
import type { SentencePart } from "~/domain/staff/audit-log";

/** A row of the audit log as a sentence, its record and person linked where the reader may open them. */
export function AuditSentence({ parts }: { parts: readonly SentencePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <span key={i}>{part}</span>
        ) : part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <Link key={i} to={part.href} className="underline underline-offset-2">
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
