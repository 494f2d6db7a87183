import { ShopCarouselView } from "~/components/shop-carousel-view";
import { hydrateIslands } from "./hydrate";

hydrateIslands("shop-carousel", ShopCarouselView);
