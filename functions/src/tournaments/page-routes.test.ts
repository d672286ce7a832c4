import { describe, expect, it } from 'vitest';
import { cssUrl, focus } from './page-routes';

describe("the tournament page's cover in its shell", () => {
  it('keeps an address inside its CSS string, whatever the upload URL holds', () => {
    expect(cssUrl('/covers/dota-2.svg')).toBe('/covers/dota-2.svg');
    const storage = 'https://firebasestorage.googleapis.com/v0/b/x/o/covers%2Fa.png?alt=media&token=1';
    expect(cssUrl(storage)).toBe(storage);
    const hostile = cssUrl('https://example.com/a")}</style><script>alert(1)</script>?q=\'\\"\n');
    expect(hostile).not.toMatch(/["'<>\\\s]/);
    expect(hostile.startsWith('https://example.com/a')).toBe(true);
  });

  it('places the focal point as the header does, the middle when it has none or a bad one', () => {
    expect(focus({ x: 20, y: 75 })).toBe('20% 75%');
    expect(focus(null)).toBe('50% 50%');
    expect(focus({ x: 'calc(1px)', y: 400 })).toBe('50% 50%');
  });
});
