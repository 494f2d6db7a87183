/**
 * An uploaded picture where the page has one, else the illustration the demo
 * ships with. An uploaded one is a <picture> offering AVIF, then WebP, then
 * JPEG, each at every width it was made in, so the browser fetches the
 * smallest file that fills the space; width and height give its shape before
 * it loads, so nothing below it moves.
 */
import { focusOf, objectPosition } from "~/domain/picture-focus";
import { type PictureRef, pictureUrl, srcSet } from "~/domain/picture-urls";

export interface PictureProps {
  picture: PictureRef | null | undefined;
  /** The illustration's address, shown when no picture was uploaded. */
  fallback: string;
  /** The illustration's own size. */
  fallbackWidth: number;
  fallbackHeight: number;
  /** How wide the picture is shown, as the `sizes` attribute says it ("(min-width: 640px) 50vw, 100vw"). */
  sizes: string;
  /** Overrides the picture's own description: "" where the text beside it already says who it is. */
  alt?: string;
  className?: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
}

export function Picture(props: PictureProps) {
  const { picture } = props;
  if (!picture) {
    return (
      <img
        src={props.fallback}
        alt={props.alt ?? ""}
        width={props.fallbackWidth}
        height={props.fallbackHeight}
        loading={props.loading}
        fetchPriority={props.fetchPriority}
        className={props.className}
      />
    );
  }
  const middle = picture.widths[Math.min(1, picture.widths.length - 1)] as number;
  return (
    // `contents`: the <img> lays out as if the <picture> around it were not there. Its <source>s
    // would then be boxes of their own (browsers do not hide them), each taking a flex or grid gap
    // in the card: hidden, the photo sits exactly where the illustration's <img> does.
    <picture className="contents [&>source]:hidden">
      <source type="image/avif" srcSet={srcSet(picture, "avif")} sizes={props.sizes} />
      <source type="image/webp" srcSet={srcSet(picture, "webp")} sizes={props.sizes} />
      <img
        src={pictureUrl(picture.id, middle, "jpg")}
        srcSet={srcSet(picture, "jpg")}
        sizes={props.sizes}
        alt={props.alt ?? picture.alt}
        width={picture.width}
        height={picture.height}
        loading={props.loading}
        fetchPriority={props.fetchPriority}
        decoding="async"
        className={props.className}
        // Where the box crops it (object-cover), the point the manager chose stays in view.
        style={{ objectPosition: objectPosition(focusOf(picture)) }}
      />
    </picture>
  );
}

/**
 * A team member's portrait: their uploaded photo, or until there is one the
 * 600×750 illustration every member ships with.
 */
export function Portrait({
  of,
  ...props
}: { of: { photo: PictureRef | null; image: string } } & Omit<
  PictureProps,
  "picture" | "fallback" | "fallbackWidth" | "fallbackHeight"
>) {
  return <Picture picture={of.photo} fallback={of.image} fallbackWidth={600} fallbackHeight={750} {...props} />;
}
