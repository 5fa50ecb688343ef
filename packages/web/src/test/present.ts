import { waitFor } from '@testing-library/react';

/** Waits for an element by CSS selector: far cheaper than a role query over a whole antd page under jsdom. */
export const present = (selector: string): Promise<HTMLElement> =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`nothing matches ${selector}`);
    return element;
  });
