/** Which big-screen view the tenant's bigScreenType opens; /demo for anything else. */
export function bigScreenPath(bigScreenType: number | undefined): string {
  switch (bigScreenType) {
    case 1:
      return '/dataView';
    case 2:
      return '/operationView';
    case 3:
      return '/newDataView';
    default:
      return '/demo';
  }
}

/** The same app in a new window, on the hash route of the screen. */
export function bigScreenUrl(location: Pick<Location, 'origin' | 'pathname' | 'search'>, bigScreenType: number | undefined): string {
  return `${location.origin}${location.pathname}${location.search}#${bigScreenPath(bigScreenType)}`;
}
