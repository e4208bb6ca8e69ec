import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The writing direction of a name, by its first strong letter: Arabic and Hebrew read right to left. */
export function nameDirection(name: string): 'rtl' | 'ltr' {
  const strong = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.exec(name)?.[0];
  return strong !== undefined && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(strong) ? 'rtl' : 'ltr';
}

/**
 * The sign the chauffeur holds up in the arrivals hall (decision 0133): the whole screen, the
 * company's logo, the name in the largest letters that fit, in its own direction whatever the
 * page's language. Fullscreen when the browser allows it; Escape or the button closes it.
 */
export function NameSign({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('mission');
  const frame = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    close.current?.focus();
    const element = frame.current;
    // Not every phone browser allows it (iPhone Safari): the sign covers the page anyway.
    if (element?.requestFullscreen && !document.fullscreenElement) element.requestFullscreen().catch(() => undefined);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    };
  }, [onClose]);

  // Long names get smaller letters, so that one word never runs off the screen.
  const longest = Math.max(...name.split(/\s+/).map((word) => word.length), 1);
  const size = longest > 14 ? 'is-long' : longest > 9 ? 'is-medium' : '';

  return (
    <div ref={frame} className="name-sign" role="dialog" aria-modal="true" aria-label={tm('sign.label')}>
      <div className="name-sign-brand">
        <img src="/favicon.svg" alt="" width="56" height="56" />
        <span>{t('brand')}</span>
      </div>
      <p className={`name-sign-name ${size}`} dir={nameDirection(name)}>
        {name}
      </p>
      <button ref={close} type="button" className="btn btn-outline name-sign-close" onClick={onClose}>
        {tm('sign.close')}
      </button>
    </div>
  );
}
