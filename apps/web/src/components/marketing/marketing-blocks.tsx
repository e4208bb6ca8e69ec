import type { ReactNode } from 'react';
import { ResponsiveImage } from '../ui/responsive-image';
import type { SiteImage } from '../ui/site-images';
import './marketing-blocks.css';

/** Image column width in the two-column layout (matches .media-grid in marketing-blocks.css). */
const MEDIA_SIZES = '(min-width: 900px) 560px, calc(100vw - 2.5rem)';

interface PageIntroProps {
  kicker?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}

/** The heading band of a marketing page: its one h1 and the lead paragraph. */
export function PageIntro({ kicker, title, lead, children }: PageIntroProps) {
  return (
    <section className="page-intro">
      <div className="container">
        {kicker ? <p className="page-kicker">{kicker}</p> : null}
        <h1 className="page-intro-title">{title}</h1>
        <p className="page-intro-lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

interface MediaSectionProps {
  id: string;
  title: string;
  children: ReactNode;
  image?: SiteImage;
  imageAlt?: string;
  /** Puts the image first (at the start of the line). */
  imageFirst?: boolean;
  tone?: 'plain' | 'tinted';
  /** The first section of a page: its image is on the first screen, loaded at once. */
  priority?: boolean;
}

/** A titled text beside an illustration; alternate `imageFirst` down the page. */
export function MediaSection({
  id,
  title,
  children,
  image,
  imageAlt = '',
  imageFirst = false,
  tone = 'plain',
  priority = false,
}: MediaSectionProps) {
  return (
    <section className={`media-section media-section-${tone}`} aria-labelledby={id}>
      <div className={image ? `container media-grid${imageFirst ? ' media-grid-image-first' : ''}` : 'container media-text-only'}>
        <div className="media-text">
          <h2 id={id} className="section-title">
            {title}
          </h2>
          {children}
        </div>
        {image ? (
          <div className="media-figure">
            <ResponsiveImage image={image} alt={imageAlt} sizes={MEDIA_SIZES} priority={priority} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

interface CallToActionProps {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}

/** The closing band of a page: one sentence and the buttons that act on it. */
export function CallToAction({ id, title, text, children }: CallToActionProps) {
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-inner">
        <div>
          <h2 id={id} className="cta-title">
            {title}
          </h2>
          <p className="cta-text">{text}</p>
        </div>
        <div className="cta-actions">{children}</div>
      </div>
    </section>
  );
}
