import { notFoundJson } from "~/server/api-json.server";

export const loader = () => notFoundJson("API endpoint");
export const action = () => notFoundJson("API endpoint");
