import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { BannerStack, type Banner } from './banner-stack';

const banners = (count: number): Banner[] =>
  Array.from({ length: count }, (_, index) => ({ id: `b${index}`, tone: 'info', content: `Banner ${index}` }));

const render = (count: number) => renderToStaticMarkup(<BannerStack banners={banners(count)} />);
const edges = (html: string) => html.match(/data-testid="banner-edge"/g)?.length ?? 0;

describe('BannerStack (SPEC §2)', () => {
  it('renders nothing without banners', () => {
    expect(render(0)).toBe('');
  });

  it('shows one banner fully, with no edge and no toggle', () => {
    const html = render(1);
    expect(html).toContain('Banner 0');
    expect(edges(html)).toBe(0);
    expect(html).not.toContain('banner-toggle');
  });

  it('hints at a second banner with one edge and offers to load more', () => {
    const html = render(2);
    expect(html).toContain('Banner 0');
    expect(html).not.toContain('Banner 1');
    expect(edges(html)).toBe(1);
    expect(html).toContain('Show more (1)');
  });

  it('adds the second edge from three banners on', () => {
    expect(edges(render(3))).toBe(2);
    expect(edges(render(5))).toBe(2);
    expect(render(5)).toContain('Show more (4)');
  });
});
