import { describe, expect, it } from 'vitest';
import { sanitiseSvg, SvgRejectedError } from './svg-sanitise';

describe('sanitiseSvg', () => {
  it('keeps the mask tool output (paths and circles on white)', () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="white"/><path d="M 10 10 L 100 100 Z" fill="black" stroke="black" stroke-width="2"/><circle cx="5" cy="5" r="3" fill="white"/></svg>';
    expect(sanitiseSvg(svg)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="white"/><path d="M 10 10 L 100 100 Z" fill="black" stroke="black" stroke-width="2"/><circle cx="5" cy="5" r="3" fill="white"/></svg>',
    );
  });

  it('drops scripts, handlers, foreignObject, links and CSS', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject>
      <a href="javascript:alert(1)"><path d="M0 0"/></a><style>*{background:url(http://x)}</style><path d="M1 1" onclick="x()" fill="url(#x)" style="fill:red"/><use href="#a"/></svg>`;
    const out = sanitiseSvg(svg);
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1"/></svg>');
    expect(out).not.toMatch(/script|onload|onclick|javascript|foreignObject|style|href|url/i);
  });

  it('refuses entities, non-SVG and broken documents', () => {
    expect(() => sanitiseSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>')).toThrow(SvgRejectedError);
    expect(() => sanitiseSvg('<html><svg></svg></html>')).toThrow(SvgRejectedError);
    expect(() => sanitiseSvg('<svg><g></svg>')).toThrow(SvgRejectedError);
  });
});
