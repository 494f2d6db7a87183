import type { PictureRef } from "~/domain/pictures";
import { Portrait } from "../picture";

/** A stylist's photo and name beside a quote. */
export function StylistPortrait({
  name,
  image,
  photo,
  detail,
  note,
}: {
  name: string;
  /** The illustration, shown until a photo is uploaded. */
  image: string;
  photo: PictureRef | null;
  /** e.g. "Senior Stylist · Maison Ivy Kestwick" */
  detail?: string;
  note?: string | null;
}) {
  return (
    <figure className="card flex items-center gap-5 p-4 sm:flex-col sm:items-stretch sm:p-0">
      <Portrait
        of={{ photo, image }}
        alt={`Portrait of ${name}`}
        sizes="(min-width: 640px) 18rem, 6.4rem"
        className="h-32 w-[6.4rem] shrink-0 rounded-xl object-cover sm:aspect-[4/5] sm:h-auto sm:w-full sm:rounded-none sm:rounded-t-2xl"
      />
      <figcaption className="flex flex-col gap-1 sm:p-5">
        <span className="font-display text-2xl">{name}</span>
        {detail ? <span className="text-sm text-muted">{detail}</span> : null}
        {note ? <span className="mt-2 rounded-lg bg-blush px-3 py-2 text-sm leading-snug">{note}</span> : null}
      </figcaption>
    </figure>
  );
}
