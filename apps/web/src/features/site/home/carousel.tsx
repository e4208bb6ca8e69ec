import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronNextIcon, ChevronPreviousIcon, PauseIcon, PlayIcon } from '../../../components/marketing/marketing-icons';
import './carousel.css';

export interface CarouselSlide {
  id: string;
  /** Names the slide in its indicator button. */
  title: string;
  content: ReactNode;
}

interface CarouselProps {
  label: string;
  slides: readonly CarouselSlide[];
  intervalMs?: number;
  className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const SWIPE_MIN_PX = 40;

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION).matches;
}

function isRightToLeft(): boolean {
  return document.documentElement.dir === 'rtl';
}

/**
 * A carousel after the WAI-ARIA pattern: previous/next buttons, one labelled button per slide,
 * arrow keys (mirrored in right-to-left pages), touch swipes. It turns by itself unless the
 * visitor prefers reduced motion, and holds still while hovered, focused or paused.
 */
export function Carousel({ label, slides, intervalMs = 7000, className }: CarouselProps) {
  const { t } = useTranslation();
  const id = useId();
  const [index, setIndex] = useState(0);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => true);
  // null: the visitor has not chosen; rotation then follows the motion preference.
  const [autoplayChoice, setAutoplayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipe = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  const count = slides.length;
  const autoplay = autoplayChoice ?? !reducedMotion;
  const rotating = autoplay && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const forward = () => go(index + 1);
  const backward = () => go(index - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const rtl = isRightToLeft();
    if (event.key === 'ArrowRight') (rtl ? backward : forward)();
    else if (event.key === 'ArrowLeft') (rtl ? forward : backward)();
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') return;
    swipe.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.2) return;
    // A swipe pulls the next slide in from the end of the line.
    const towardsStart = dx < 0;
    (towardsStart !== isRightToLeft() ? forward : backward)();
  };

  const slidesId = `${id}-slides`;
  return (
    <section
      className={['carousel', className].filter(Boolean).join(' ')}
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {/* First in the tab order (WAI-ARIA carousel pattern); placed beside the arrows by CSS. */}
      <button
        type="button"
        className="carousel-rotation"
        aria-label={autoplay ? t('carousel.pause') : t('carousel.play')}
        onClick={() => setAutoplayChoice(!autoplay)}
      >
        {autoplay ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div
        className="carousel-body"
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div
          id={slidesId}
          className="carousel-slides"
          aria-live={rotating ? 'off' : 'polite'}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipe.current = null;
          }}
        >
          {slides.map((slide, position) => (
            <div
              key={slide.id}
              className={position === index ? 'carousel-slide is-active' : 'carousel-slide'}
              role="group"
              aria-roledescription={t('carousel.slideRoleDescription')}
              aria-label={t('carousel.position', { index: position + 1, total: count })}
            >
              {slide.content}
            </div>
          ))}
        </div>
        <div className="carousel-controls">
          <button type="button" className="carousel-arrow" aria-controls={slidesId} aria-label={t('carousel.previous')} onClick={backward}>
            <ChevronPreviousIcon size={22} />
          </button>
          <div className="carousel-dots">
            {slides.map((slide, position) => (
              <button
                key={slide.id}
                type="button"
                className="carousel-dot"
                aria-controls={slidesId}
                aria-label={t('carousel.goTo', { index: position + 1, title: slide.title })}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => go(position)}
              >
                <span aria-hidden="true" />
              </button>
            ))}
          </div>
          <button type="button" className="carousel-arrow" aria-controls={slidesId} aria-label={t('carousel.next')} onClick={forward}>
            <ChevronNextIcon size={22} />
          </button>
        </div>
      </div>
    </section>
  );
}
