import { BackButton } from "~/components/back-button";
import { hydrateIslands } from "./hydrate";

hydrateIslands("back-link", BackButton);
