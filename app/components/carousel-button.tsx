/**
 * A carousel's Previous, Pause or Next: the visible word, and what it moves
 * for a screen reader ("Next review"). The custom element around it finds it
 * by `data-action`.
 */
export function CarouselButton({
  action,
  what,
  children,
}: {
  action: "previous" | "pause" | "next";
  what: string;
  children: React.ReactNode;
}) {
  return (
    <button type="button" data-action={action} className="btn-outline min-h-10 px-4 py-1.5">
      {children}
      <span className="sr-only"> {what}</span>
    </button>
  );
}
