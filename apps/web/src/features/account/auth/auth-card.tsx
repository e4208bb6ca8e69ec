import type { ReactNode } from 'react';
import './auth-card.css';

interface AuthCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <section className="page-section auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{title}</h1>
        {intro ? <p className="page-lead">{intro}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </div>
    </section>
  );
}
