import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancellationHours } from '../../../components/marketing/business-terms';
import { CheckList } from '../../../components/marketing/check-list';
import { ArtDirectedImage } from '../../../components/ui/responsive-image';
import { CheckIcon } from '../../../components/ui/site-icons';
import { HERO_IMAGES } from '../../../components/ui/site-images';
import { usePrerenderHandoff } from '../../../components/ui/prerender-handoff';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { BookingSlot } from './booking-slot';
import './home-page.css';

// Below the fold: its own chunk, rendered when the visitor nears it.
const HomeSections = lazy(() => import('./home-sections').then((module) => ({ default: module.HomeSections })));

/** Phones get the tall crop of the hero (same breakpoint as the preload in vite.config.ts). */
const HERO_TALL_UP_TO = 720;

/**
 * `/`: hero with the booking form, then the sections that present the service (spec §2). The
 * form belongs to the booking feature: the app hands it in (features do not import each other).
 */
export function HomePage({ bookingForm }: { bookingForm: ReactNode }) {
  const { t } = useTranslation('home');
  const cancellationHours = useCancellationHours();
  usePrerenderHandoff();
  // The sections below the hero are loaded and rendered when the visitor nears them, in an
  // interruptible pass (docs/decisions/0163).
  const [showSections, setShowSections] = useState(false);
  const loadSections = useCallback(() => startTransition(() => setShowSections(true)), []);

  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <ArtDirectedImage
          className="hero-image"
          wide={HERO_IMAGES.heroWide}
          tall={HERO_IMAGES.heroTall}
          tallUpTo={HERO_TALL_UP_TO}
          alt=""
        />
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="hero-kicker">{t('hero.kicker')}</p>
            <h1 id="home-title" className="hero-title">
              {t('hero.title')}
            </h1>
            <p className="hero-intro">{t('hero.intro')}</p>
            <CheckList
              className="hero-highlights"
              icon={<CheckIcon />}
              items={[
                t('hero.highlights.available'),
                t('hero.highlights.fixedPrice'),
                t('hero.highlights.cancellation', { hours: cancellationHours }),
              ]}
            />
          </div>
          <div className="hero-booking">
            <BookingSlot bookingForm={bookingForm} />
          </div>
        </div>
      </section>

      <Suspense fallback={<SectionsPlaceholder />}>{showSections ? <HomeSections /> : <SectionsPlaceholder onNear={loadSections} />}</Suspense>
    </>
  );
}

/**
 * Holds the footer below the first screen until the sections arrive (no layout shift). With
 * `onNear`, calls it once the visitor scrolls within three quarters of a screen of it, or at once
 * when the address names a section (`#…`): a phone spends the page's first seconds on the first
 * screen and the booking form, not on pictures and text it does not show yet. Its own effect, not
 * the page's: inside its Suspense boundary it is hydrated after the page (docs/decisions/0163).
 */
function SectionsPlaceholder({ onNear }: { onNear?: () => void }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder, onNear !== undefined);
  useEffect(() => {
    if (onNear && (near || window.location.hash !== '')) onNear();
  }, [near, onNear]);
  return <div ref={placeholder} className="sections-placeholder" />;
}
