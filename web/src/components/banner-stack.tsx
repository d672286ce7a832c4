import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Banner {
  id: string;
  tone: 'info' | 'warning' | 'action';
  content: ReactNode;
}

/**
 * SPEC §2: only the first banner is fully visible; one layered edge hints at a second banner,
 * two at three or more; a toggle (load more / close) shows when more than one is active.
 */
export function BannerStack({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const scrolled = useScrolledDown(banners.length > 0);
  if (banners.length === 0) return null;
  const visible = expanded ? banners : banners.slice(0, 1);
  return (
    <section
      className={`banner-stack${scrolled ? ' scrolled' : ''}`}
      aria-label={t('banners.region')}
      data-testid="banner-stack"
      data-count={banners.length}
    >
      <div className="banner-pile">
        {visible.map((banner, index) => (
          <div key={banner.id} className={`banner banner-${banner.tone}`} data-testid={`banner-${banner.id}`}>
            {banner.content}
            {/* Inside the last banner shown: the stack is sticky, and a toggle below it printed over the page. */}
            {index === visible.length - 1 && banners.length > 1 ? (
              <button type="button" className="banner-toggle" onClick={() => setExpanded((value) => !value)}>
                {expanded ? t('banners.close') : t('banners.load-more', { count: banners.length - 1 })}
              </button>
            ) : null}
          </div>
        ))}
        {!expanded && banners.length > 1 ? (
          <div className="banner-edge banner-edge-1" data-testid="banner-edge" />
        ) : null}
        {!expanded && banners.length > 2 ? (
          <div className="banner-edge banner-edge-2" data-testid="banner-edge" />
        ) : null}
      </div>
    </section>
  );
}

/**
 * Whether the page is scrolled down past its top: a phone then shows the sticky stack as one line
 * (styles/banners.css). Apart enough on the way down and up (120 and 8 px) that the stack's own change of
 * height, which moves the page, cannot flip it back.
 */
function useScrolledDown(active: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      setScrolled((was) => (was ? window.scrollY > 8 : window.scrollY > 120));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [active]);
  return scrolled;
}
