import type { ReactNode } from 'react';
import { ShopLayout } from '../layout/ShopLayout';

/** Centered card used by the login, register and forgot-password pages. */
export function AuthCard({ title, children, footer }: { title: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <ShopLayout>
      <section aria-labelledby="auth-title" className="mx-auto my-6 w-full max-w-[400px] rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 id="auth-title" className="mb-6 text-xl font-semibold text-slate-900">
          {title}
        </h1>
        {children}
        {footer && <div className="mt-6 flex justify-between text-sm">{footer}</div>}
      </section>
    </ShopLayout>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
