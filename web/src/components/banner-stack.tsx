import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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
  const section = useRef<HTMLElement>(null);
  // The toggle moves to the last banner shown, a new button. Opened, the keyboard goes on at the
  // first banner it revealed, which comes before it (a walk's keyboard had to go back from "Show
  // less"); closed, it follows the toggle.
  const toggle = useRef<HTMLButtonElement>(null);
  const pile = useRef<HTMLDivElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    const revealed = expanded ? pile.current?.children[1]?.querySelector<HTMLElement>('a[href], button') : null;
    (revealed ?? toggle.current)?.focus();
  }, [expanded]);
  const scrolled = useScrolledDown(section, banners.length > 0);
  if (banners.length === 0) return null;
  const visible = expanded ? banners : banners.slice(0, 1);
  return (
    <section
      ref={section}
      className={`banner-stack${scrolled ? ' scrolled' : ''}`}
      aria-label={t('banners.region')}
      data-testid="banner-stack"
      data-count={banners.length}
    >
      <div className="banner-pile" ref={pile}>
        {visible.map((banner, index) => (
          <div key={banner.id} className={`banner banner-${banner.tone}`} data-testid={`banner-${banner.id}`}>
            {banner.content}
            {/* Inside the last banner shown: the stack is sticky, and a toggle below it printed over the page. */}
            {index === visible.length - 1 && banners.length > 1 ? (
              <button
                ref={toggle}
                type="button"
                className="banner-toggle"
                aria-expanded={expanded}
                onClick={() => {
                  toggled.current = true;
                  setExpanded((value) => !value);
                }}
              >
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
 * Whether the page is scrolled down past its top: the sticky stack then keeps to one line
 * (styles/banners.css). Folding moves the page up by up to the stack's height (the browser keeps
 * what is in view where it was), so it folds only once scrolled 120 px past its height as it is,
 * and unfolds at 8 px: its own change of height can never unfold it again.
 */
function useScrolledDown(stack: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const fold = 120 + (stack.current?.offsetHeight ?? 0);
      setScrolled((was) => (was ? window.scrollY > 8 : window.scrollY > fold));
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
  }, [stack, active]);
  return scrolled;
}
