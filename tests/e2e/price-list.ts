/**
 * The price list as the public API gives it, and the price formula
 * written independently of the app's engine, so browser tests can check every
 * price the pages show against a second, separate computation.
 */
import { type APIRequestContext, expect } from "@playwright/test";

export interface ApiService {
  id: number;
  service: string;
  /** What pages, e-mails and texts call it. */
  client_name: string;
  price: number;
  product_price: number;
  cat1: number;
  cat2: number;
  /** The lowest level id that may carry it out. */
  min_level: number;
}
export interface ApiLevel {
  id: number;
  name: string;
  adapter: number;
}
export interface ApiStylist {
  slug: string;
  first_name: string;
  last_name: string;
  salon: number;
  level: number;
  accepting_new_clients: boolean;
}
export interface Catalogue {
  services: ApiService[];
  levels: ApiLevel[];
  stylists: ApiStylist[];
}

export async function fetchCatalogue(request: APIRequestContext): Promise<Catalogue> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await request.get(path);
    expect(response.ok(), path).toBe(true);
    return (await response.json()) as T;
  };
  const [services, levels, stylists] = await Promise.all([
    get<ApiService[]>("/api/services"),
    get<ApiLevel[]>("/api/levels"),
    get<ApiStylist[]>("/api/stylists"),
  ]);
  return { services, levels, stylists };
}

const toPence = (pounds: number) => Math.round(pounds * 100);

/**
 * The salon's price rule in whole pence: labour × (100 + adapter)% to the nearest penny (halves
 * up) for everything but treatments (cat1 5); product on top for colour, colour
 * add-ons and men's colour; never below 0; then the line to the owner's step,
 * halves up: 100 (the whole pound, a new site's rule), 50 or 1 (decision 080).
 */
export function linePence(service: ApiService, level: ApiLevel, stepPence = 100): number {
  const price = toPence(service.price);
  const adapterBp = Math.round(level.adapter * 100);
  const labour = service.cat1 === 5 ? price : Math.floor((2 * price * (10_000 + adapterBp) + 10_000) / 20_000);
  const withProduct = service.cat1 === 2 || service.cat1 === 3 || (service.cat1 === 6 && service.cat2 === 1);
  const exact = Math.max(0, labour + (withProduct ? toPence(service.product_price) : 0));
  return Math.floor((2 * exact + stepPence) / (2 * stepPence)) * stepPence;
}

export function totalPence(catalogue: Catalogue, ids: number[], levelId: number): number {
  const level = catalogue.levels.find((l) => l.id === levelId);
  if (!level) throw new Error(`no level ${levelId}`);
  return ids.reduce((sum, id) => {
    const service = catalogue.services.find((s) => s.id === id);
    if (!service) throw new Error(`no service ${id}`);
    return sum + linePence(service, level);
  }, 0);
}

/** An amount as the site shows it: "£98" when whole pounds, otherwise to the penny ("£86.50", "£1,234.56"). */
export function gbp(pence: number): string {
  if (!Number.isInteger(pence)) throw new Error(`not whole pence: ${pence}`);
  const pounds = Math.floor(pence / 100).toLocaleString("en-GB");
  return pence % 100 === 0 ? `£${pounds}` : `£${pounds}.${String(pence % 100).padStart(2, "0")}`;
}

/** "£1,234.50" → 123450, "£98" → 9800: an amount as shown, read back to pence. */
export function penceOf(shown: string): number {
  const match = /£(\d{1,3}(?:,\d{3})*)(?:\.(\d{2}))?/.exec(shown);
  if (!match) throw new Error(`no amount in "${shown}"`);
  return Number((match[1] ?? "").replaceAll(",", "")) * 100 + Number(match[2] ?? "0");
}

export function serviceNamed(catalogue: Catalogue, cat1: number, cat2: number, name: string): ApiService {
  const service = catalogue.services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name);
  if (!service) throw new Error(`No service ${cat1}/${cat2} "${name}" in /api/services`);
  return service;
}

export function levelNamed(catalogue: Catalogue, name: string): ApiLevel {
  const level = catalogue.levels.find((l) => l.name === name);
  if (!level) throw new Error(`No level "${name}"`);
  return level;
}

export function stylistNamed(catalogue: Catalogue, slug: string): ApiStylist {
  const stylist = catalogue.stylists.find((s) => s.slug === slug);
  if (!stylist) throw new Error(`No stylist "${slug}"`);
  return stylist;
}
