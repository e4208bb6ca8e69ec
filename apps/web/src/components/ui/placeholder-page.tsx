import type { ReactNode } from 'react';

interface PlaceholderPageProps {
  title: string;
  text: string;
  children?: ReactNode;
}

/** A page whose content comes with a later issue: a real heading and a short line. */
export function PlaceholderPage({ title, text, children }: PlaceholderPageProps) {
  return (
    <section className="page-section">
      <div className="container">
        <h1 className="page-title">{title}</h1>
        <p className="page-lead">{text}</p>
        {children}
      </div>
    </section>
  );
}
