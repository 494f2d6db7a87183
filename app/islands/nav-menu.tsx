import { NavMenu } from "~/components/nav-menu";
import { hydrateIslands } from "./hydrate";

hydrateIslands("nav-menu", NavMenu);
