import type { ReactNode } from 'react';
import { ensurePageStyles } from './pageTheme';

/**
 * The card every auth screen sits in, with the server's message above the form. Drawn without
 * antd, as the sign-in form is, in the theme's colours (pageTheme.ts): the sign-in page fetches no
 * antd at all.
 */
export function AuthCard({ title, error, children }: { title: string; error?: string; children: ReactNode }) {
  ensurePageStyles();
  return (
    <main className="bo-card bo-page">
      <h3>{title}</h3>
      {error && (
        <div className="bo-alert" role="alert">
          {error}
        </div>
      )}
      {children}
    </main>
  );
}
