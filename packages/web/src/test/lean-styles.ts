/**
 * antd writes thousands of CSS rules into `<style>` elements, and jsdom matches every one of them
 * against an element each time its computed style is asked for. Testing Library asks for it on
 * every element a role query names, so a query over an antd page spent seconds matching selectors
 * of colours and paddings jsdom never lays out. Under jsdom only what decides whether an element is
 * shown matters: this keeps the rules that set `display`, `visibility` or `pointer-events`, so a
 * hidden dropdown, tab pane or form item is still hidden to the queries, and drops the rest.
 */
const decidesVisibility = /(?:^|[;{\s])(?:display|visibility|pointer-events)\s*:/;
const strings = /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g;

/** Splits CSS text into its top-level blocks: `prelude{body}`, minding nested braces and strings. */
const blocks = (css: string): { prelude: string; body: string }[] => {
  const found: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i]!;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return found;
};

/** The rules of `css` that can hide an element; @media blocks keep their own such rules. */
export const visibilityRules = (css: string): string =>
  blocks(css)
    .map(({ prelude, body }) => {
      if (prelude.startsWith('@media') || prelude.startsWith('@supports') || prelude.startsWith('@layer')) {
        const inner = visibilityRules(body);
        return inner ? `${prelude}{${inner}}` : '';
      }
      if (prelude.startsWith('@')) return '';
      return decidesVisibility.test(body.replace(strings, '""')) ? `${prelude}{${body}}` : '';
    })
    .join('');

/**
 * Makes every `<style>` of the test document hold only its visibility rules, whatever writes it.
 * Reading one back gives what was written, so antd, which rewrites a style only when its text
 * differs, does not rewrite it on every render.
 */
export const installLeanStyles = () => {
  const pruned = new Map<string, string>();
  const written = new WeakMap<Node, { css: string; kept: string }>();
  const lean = (css: string) => {
    let kept = pruned.get(css);
    if (kept === undefined) {
      kept = visibilityRules(css);
      pruned.set(css, kept);
    }
    return kept;
  };
  for (const [owner, name] of [
    [Element.prototype, 'innerHTML'],
    [Node.prototype, 'textContent'],
  ] as const) {
    const own = Object.getOwnPropertyDescriptor(owner, name)!;
    Object.defineProperty(HTMLStyleElement.prototype, name, {
      configurable: true,
      get(this: HTMLStyleElement) {
        const shown = own.get!.call(this) as string;
        const last = written.get(this);
        return last?.kept === shown ? last.css : shown;
      },
      set(this: HTMLStyleElement, value: string) {
        const css = String(value);
        const kept = lean(css);
        written.set(this, { css, kept });
        own.set!.call(this, kept);
      },
    });
  }
};
