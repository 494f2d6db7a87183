import { Calculator } from "~/components/calculator/calculator";
import { hydrateIslands } from "./hydrate";

hydrateIslands("calculator", Calculator);
