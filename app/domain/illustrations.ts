/**
 * The pictures the console offers for blog covers, news items and the shop:
 * the demo's illustrations under public/images. Photographs uploaded in the
 * console will join these lists; until then a picture is chosen, not sent.
 */
export interface PictureChoice {
  value: string;
  label: string;
}

const named = (folder: string, names: Readonly<Record<string, string>>): PictureChoice[] =>
  Object.entries(names).map(([file, label]) => ({ value: `/images/${folder}/${file}.svg`, label }));

export const BLOG_COVERS = named("blog", {
  "keeping-your-blonde-bright": "Blonde, bright",
  "a-curl-friendly-wash-day": "Curl-friendly wash day",
  "balayage-foils-or-full-head": "Balayage and foils",
  "bond-builders-explained": "Bond builders",
  "growing-out-your-grey": "Growing out grey",
  "heat-styling-without-the-damage": "Heat styling",
  "your-skin-test-explained": "Skin test",
});

export const NEWS_PICTURES = named("news", {
  "late-evenings": "Salon chair in the evening",
  "models-wanted": "Training head with clipped sections",
  "blonde-clinic": "Blonde swatches",
  "k18-stand-alone": "Treatment bottle",
  "click-and-collect": "Bag of haircare",
  "welcome-rosa": "Flowers on reception",
});

export const SHOP_BANNER_PICTURES = named("shop", {
  "winter-edit-mobile": "Winter edit (phone)",
  "winter-edit-desktop": "Winter edit (wide)",
  "blonde-care-mobile": "Blonde care (phone)",
  "blonde-care-desktop": "Blonde care (wide)",
  "click-collect-mobile": "Click and collect (phone)",
  "click-collect-desktop": "Click and collect (wide)",
});

export const SHOP_BRAND_PICTURES = named("shop/brands", {
  aurelle: "Aurelle",
  "fenn-and-co": "Fenn & Co",
  halden: "Halden",
  lumen: "Lumen",
  "northwood-botanics": "Northwood Botanics",
  oriel: "Oriel",
  saltern: "Saltern",
  "verity-and-moss": "Verity & Moss",
});

/** The choices, with the stored picture first when it is not one of them (so a save never changes it unseen). */
export function withCurrent(choices: readonly PictureChoice[], current: string | undefined): PictureChoice[] {
  if (!current || choices.some((c) => c.value === current)) return [...choices];
  return [{ value: current, label: `Current picture (${current.split("/").at(-1)})` }, ...choices];
}
