import { describe, expect, it } from 'vitest';
import { cssUrl, focus, withBrowseHead } from './page-routes';

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

describe("the browse page's head", () => {
  const shell = '<html><head><title>Tournaments — Versus</title>\n  </head><body></body></html>';

  it("preloads the address's first page and the first two covers, and paints the covers in the skeleton's cards", () => {
    const html = withBrowseHead(shell, '/api/searchTournaments?name=R%26D&pageSize=8', [
      { url: '/covers/fifa.svg', focus: '50% 50%' },
      { url: 'https://storage.example/a.png?alt=media&token=1', focus: '20% 80%' },
      { url: '/covers/dota-2.svg', focus: '50% 50%' },
    ]);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/searchTournaments?name=R%26D&amp;pageSize=8" />',
    );
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(2);
    expect(html).toContain('href="https://storage.example/a.png?alt=media&amp;token=1" fetchpriority="high"');
    expect(html).toContain(
      '.skeleton-cards-served>.skeleton-card:nth-child(2) .skeleton-cover{background:url("https://storage.example/a.png?alt=media&token=1") 20% 80%/cover no-repeat;animation:none}',
    );
    expect(html).toContain('.skeleton-card:nth-child(3) .skeleton-cover{background:url("/covers/dota-2.svg")');
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps the shell as it is, but for the preload, when there is nothing to show', () => {
    const html = withBrowseHead(shell, '/api/searchTournaments?pageSize=8', []);
    expect(html).not.toContain('<style>');
    expect(html).not.toContain('as="image"');
    expect(html.replace(/\s*<link rel="preload" as="fetch"[^>]*>/, '')).toBe(shell);
  });

  it('keeps a hostile upload address inside its CSS string and its attribute', () => {
    const html = withBrowseHead(shell, '/api/x', [
      { url: 'https://example.com/a")}</style><script>alert(1)</script>', focus: '50% 50%' },
    ]);
    expect(html).not.toContain('<script>');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });
});
