/** A MediaQueryList as jsdom lacks one: antd's responsive helpers ask it on mount and listen to nothing. */
export const fakeMediaQueryList = (query: string, matches: boolean): MediaQueryList => ({
  matches,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});

/** matchMedia for a screen of this width: min-width and max-width queries answered as such a screen would. */
export const screenWidthMedia =
  (width: number) =>
  (query: string): MediaQueryList => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return fakeMediaQueryList(query, (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])));
  };
