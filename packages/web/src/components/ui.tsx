import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { Tone } from '../lib/run-phase.js';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'good';

const buttonVariants: Record<ButtonVariant, string> = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 border-teal-800 shadow-sm',
  good: 'bg-emerald-600 text-white hover:bg-emerald-700 border-emerald-700 shadow-sm',
  secondary: 'bg-white text-stone-700 hover:bg-stone-50 border-stone-300 shadow-sm',
  danger: 'bg-white text-rose-700 hover:bg-rose-50 border-rose-300 shadow-sm',
  ghost: 'bg-transparent text-stone-600 hover:bg-stone-100 border-transparent',
};

export function Button({
  variant = 'secondary',
  size = 'md',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'sm' | 'md' }) {
  const sizing = size === 'sm' ? 'h-6 px-2 text-xs gap-1' : 'h-7 px-2.5 text-[13px] gap-1.5';
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex items-center justify-center rounded-md border font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-45 ${sizing} ${buttonVariants[variant]} ${className}`}
    />
  );
}

const toneDots: Record<Tone, string> = {
  neutral: 'bg-stone-400',
  busy: 'bg-sky-500',
  attention: 'bg-amber-500',
  good: 'bg-emerald-500',
  bad: 'bg-rose-500',
};

const toneBadges: Record<Tone, string> = {
  neutral: 'bg-stone-100 text-stone-700 ring-stone-200',
  busy: 'bg-sky-50 text-sky-800 ring-sky-200',
  attention: 'bg-amber-50 text-amber-800 ring-amber-200',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  bad: 'bg-rose-50 text-rose-800 ring-rose-200',
};

export function Badge({
  tone = 'neutral',
  children,
  dot = false,
  testId,
  title,
}: {
  tone?: Tone;
  children: ReactNode;
  dot?: boolean;
  testId?: string;
  title?: string;
}) {
  return (
    <span
      data-testid={testId}
      title={title}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-px text-[11px] font-medium ring-1 ring-inset whitespace-nowrap ${toneBadges[tone]}`}
    >
      {dot && <span className={`size-1.5 rounded-full ${toneDots[tone]}`} />}
      {children}
    </span>
  );
}

export function Panel({
  title,
  actions,
  children,
  className = '',
  bodyClassName = '',
  testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className={`flex min-h-0 flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-xs ${className}`}
    >
      <header className="flex h-9 shrink-0 items-center justify-between gap-2 border-b border-stone-200 px-3">
        <h2 className="truncate text-[11px] font-semibold tracking-wide text-stone-500 uppercase">{title}</h2>
        {actions && <div className="flex items-center gap-1.5">{actions}</div>}
      </header>
      <div className={`min-h-0 flex-1 overflow-auto ${bodyClassName}`}>{children}</div>
    </section>
  );
}

/** A quiet placeholder for empty panels. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="px-3 py-6 text-center text-xs text-stone-400">{children}</p>;
}

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-stone-300 bg-stone-50 px-1 font-mono text-[10px] text-stone-500">
      {children}
    </kbd>
  );
}
