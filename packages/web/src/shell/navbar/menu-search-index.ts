import Fuse, { type IFuseOptions } from 'fuse.js';
import type { MenuPage } from '../menu/menu-pages';

/** One searchable page: its titles from the outer folder down, and its path. */
export interface SearchEntry {
  title: string[];
  path: string;
}

/** Fuzzy over title (weight 0.7) and path (weight 0.3), threshold 0.4. */
export const menuSearchOptions: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: 0.4,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export const searchEntries = (pages: readonly MenuPage[]): SearchEntry[] => pages.map((page) => ({ title: [...page.folders, page.title], path: page.path }));

/** "folder > page", as the options read. */
export const searchLabel = (entry: SearchEntry): string => entry.title.join(' > ');

export function createMenuSearch(pages: readonly MenuPage[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(searchEntries(pages), menuSearchOptions);
  return (query) => (query.trim() === '' ? [] : fuse.search(query.trim()).map((result) => result.item));
}
