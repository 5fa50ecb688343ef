import { afterEach, describe, expect, it } from 'vitest';
import { visibilityRules } from './lean-styles';

describe('visibilityRules', () => {
  it('keeps the rules that can hide an element and drops the ones that only paint it', () => {
    const css = '.a{color:red;padding:4px}.ant-select-dropdown-hidden{display:none}.b{visibility:hidden;color:blue}.c{pointer-events:none}.d{border:1px solid}';
    expect(visibilityRules(css)).toBe('.ant-select-dropdown-hidden{display:none}.b{visibility:hidden;color:blue}.c{pointer-events:none}');
  });

  it('keeps such rules inside @media, drops a @media left empty and every @keyframes', () => {
    const css = '@media (max-width:575px){.x{display:none}.y{margin:0}}@media print{.z{color:red}}@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}';
    expect(visibilityRules(css)).toBe('@media (max-width:575px){.x{display:none}}');
  });

  it('is not misled by braces inside strings or by a property merely named like one', () => {
    const css = '.q::before{content:"{display:none}"}.r{text-display-mode:x;grid-display:y}.s{display:flex}';
    expect(visibilityRules(css)).toBe('.s{display:flex}');
  });
});

describe('the test document’s <style> elements', () => {
  const style = document.createElement('style');
  afterEach(() => style.remove());

  it('hold only the visibility rules, still hide what they hid, and read back what was written', () => {
    const css = '.gone{display:none}.tinted{color:rgb(255, 0, 0)}';
    style.innerHTML = css;
    document.head.appendChild(style);
    const gone = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'gone tinted' }));

    expect(style.sheet?.cssRules).toHaveLength(1);
    expect(getComputedStyle(gone).display).toBe('none');
    expect(getComputedStyle(gone).color).not.toBe('rgb(255, 0, 0)');
    expect(style.innerHTML).toBe(css);
    gone.remove();
  });
});
