import { seo } from "~/components/page-meta";
import { Picture } from "~/components/picture";
import { ShopCarousel } from "~/components/shop-carousel";
import { ACADEMY_SALON_ID } from "~/domain/salon-info";
import { getSalon } from "~/server/queries/catalogue.server";
import { getStoreData } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/online-shop";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Online Shop",
    description:
      "Shop the professional haircare our stylists use, with home delivery or free click and collect from the Ivy Academy.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [{ banners, tiles }, academy] = await Promise.all([
    getStoreData(context.get(requestContext).db),
    getSalon(context.get(requestContext).db, ACADEMY_SALON_ID),
  ]);
  return {
    banners: banners.map(({ id, mobileImage, desktopImage, alt, url }) => ({
      id,
      mobileImage,
      desktopImage,
      alt,
      url,
    })),
    tiles: tiles.map(({ id, image, picture, brand, title, description, url }) => ({
      id,
      image,
      picture,
      brand,
      title,
      description,
      url,
    })),
    academy: academy && { name: academy.name, address: `${academy.address}, ${academy.town} ${academy.postcode}` },
  };
}

export default function OnlineShop({ loaderData }: Route.ComponentProps) {
  const { banners, tiles, academy } = loaderData;
  return (
    <>
      <section className="bg-ink text-ivory">
        <div className="container-page py-14 text-center sm:py-20">
          <p className="text-xs font-semibold tracking-[0.2em] text-blush uppercase">Maison Ivy</p>
          <h1 className="mt-3 text-4xl sm:text-6xl">Online Shop</h1>
          <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-sand">
            The professional haircare we use in the salon, chosen by our stylists and delivered to your door.
          </p>
        </div>
      </section>

      <div className="container-page pt-10">
        <ShopCarousel banners={banners} />
      </div>

      <section aria-labelledby="shop-brands" className="container-page py-16">
        <h2 id="shop-brands" className="text-3xl">
          Shop by brand
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {tiles.map((tile) => (
            <li key={tile.id} className="card flex flex-col overflow-hidden">
              <Picture
                picture={tile.picture}
                fallback={tile.image}
                fallbackWidth={600}
                fallbackHeight={600}
                // The brand's name below says what the tile is: the picture is decoration here.
                alt=""
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                loading="lazy"
                className="aspect-square w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-xl">{tile.brand}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">{tile.description}</p>
                <a href={tile.url} className="btn-primary mt-5 self-start" rel="noopener">
                  SHOP {tile.title}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="shop-delivery" className="bg-sand/60">
        <div className="container-page grid gap-10 py-16 md:grid-cols-3">
          <div>
            <h2 id="shop-delivery" className="text-2xl">
              Professional brands only
            </h2>
            <p className="mt-3 leading-relaxed text-muted">
              We only stock the professional brands our stylists trust on clients' hair every day, so everything here
              has earned its place in the salon first. Not sure what suits you? Ask at your next appointment.
            </p>
          </div>
          <div>
            <h3 className="text-xl">Home delivery</h3>
            <p className="mt-3 leading-relaxed text-muted">
              Order online and we'll send it to your door, carefully packed. Delivery is free on orders over £40.
            </p>
          </div>
          <div>
            <h3 className="text-xl">Click and collect</h3>
            <p className="mt-3 leading-relaxed text-muted">
              Choose click and collect at checkout and pick up your order from our head office at{" "}
              {academy ? `${academy.name}, ${academy.address}` : "the Ivy Academy"}, usually the next working day.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
