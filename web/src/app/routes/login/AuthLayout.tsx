import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../shared/LanguageSwitch';
import { BrandPanel } from './BrandPanel';
import './login.css';

/** The signed-out screens' frame: the brand panel, the language switch and one card titled `title`. */
export function AuthLayout({ title, footer, children }: { title: string; footer?: ReactNode; children: ReactNode }) {
  return (
    <div className="kayuh-login">
      <BrandPanel />
      <main className="kayuh-login-main">
        <div className="kayuh-login-lang">
          <LanguageSwitch />
        </div>
        <section className="kayuh-login-card" aria-labelledby="auth-card-title">
          <h1 id="auth-card-title">{title}</h1>
          {children}
        </section>
        {footer}
      </main>
    </div>
  );
}
