/**
 * The price list as the public API gives it, and spec section 9's formula
 * written independently of the app's engine, so browser tests can check every
 * price the pages show against a second, separate computation.
 */
import { type APIRequestContext, expect } from "@playwright/test";

export interface ApiService {
  id: number;
  service: string;
  price: number;
  product_price: number;
  cat1: number;
  cat2: number;
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
 * Spec 9 in whole pence: labour × (100 + adapter)% to the nearest penny (halves
 * up) for everything but treatments (cat1 5); product on top for colour, colour
 * add-ons and men's colour; never below 0.
 */
export function linePence(service: ApiService, level: ApiLevel): number {
  const price = toPence(service.price);
  const adapterBp = Math.round(level.adapter * 100);
  const labour = service.cat1 === 5 ? price : Math.floor((2 * price * (10_000 + adapterBp) + 10_000) / 20_000);
  const withProduct = service.cat1 === 2 || service.cat1 === 3 || (service.cat1 === 6 && service.cat2 === 1);
  return Math.max(0, labour + (withProduct ? toPence(service.product_price) : 0));
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

/** Whole pounds as the site shows them, e.g. 12345 → "£123". */
export const gbp = (pence: number) => `£${Math.round(pence / 100).toLocaleString("en-GB")}`;

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
