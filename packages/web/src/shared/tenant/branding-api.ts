import { authEndpoints, branding as brandingSchema, type Branding } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../http/call';
import { http } from '../http/http-client';
import { readAccount } from './account-cookie';

/** Logo and favicon are server paths; they live on the API's origin when that is not the page's. */
export function resolveAssetUrl(url: string, apiBaseUrl: string | undefined = http.defaults.baseURL): string {
  if (!apiBaseUrl || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${apiBaseUrl.replace(/\/+$/, '')}${url}`;
}

export async function fetchBranding(account: string): Promise<Branding> {
  const branding = brandingSchema.parse(await call(authEndpoints.branding, { query: { account }, silent: true }));
  return { ...branding, logo: resolveAssetUrl(branding.logo), favicon: resolveAssetUrl(branding.favicon) };
}

/** The tenant's title, logo, favicon and filing numbers; public, so it works before sign-in too. */
export function useBranding(account: string = readAccount()) {
  return useQuery({
    queryKey: ['branding', 'detail', account],
    queryFn: () => fetchBranding(account),
    staleTime: Infinity,
    retry: false,
  });
}

/** Points the tab's icon at the tenant's favicon. */
export function applyFavicon(href: string): void {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}
