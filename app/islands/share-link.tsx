import { ShareButton } from "~/components/share-button";
import { hydrateIslands } from "./hydrate";

hydrateIslands("share-link", ShareButton);
