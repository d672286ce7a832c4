export type ApiQuery = Record<string, string | number | boolean | undefined>;

/**
 * The address of an API call, as the browser requests it and a page served by the `api` function
 * preloads it (the two must be equal to the character for the browser to reuse the answer). Empty
 * and missing values are left out.
 */
export function apiPath(path: string, query: ApiQuery = {}): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `/api${path}?${pairs.join('&')}` : `/api${path}`;
}
