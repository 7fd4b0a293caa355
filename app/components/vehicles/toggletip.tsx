import { useEffect, useRef, type ReactNode } from 'react';
import { InfoIcon } from './icons';

// A toggletip: an info button that shows a short text with a link in it (seed 001 §2: the
// not-qualified text with the dealer's phone, the lender-qualified text with /faq). It is a
// <details>, so it opens and closes without JavaScript too; with JavaScript, Escape and a
// click elsewhere close it as well.

type ToggletipProps = {
  /** The button's name, read by screen readers: 'About this payment'. */
  label: string;
  children: ReactNode;
  className?: string;
  /** Which side of the button the bubble lines up with. */
  align?: 'start' | 'end';
};

export function Toggletip({ label, children, className = '', align = 'start' }: ToggletipProps) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  return (
    <details
      ref={ref}
      className={`relative z-10 inline-block align-middle open:z-40 ${className}`}
      data-testid="toggletip"
    >
      <summary className="flex size-6 cursor-pointer list-none items-center justify-center rounded-full text-primary hover:bg-black/5 [&::-webkit-details-marker]:hidden">
        <InfoIcon className="size-[18px]" />
        <span className="sr-only">{label}</span>
      </summary>
      <div
        className={`absolute top-full z-30 mt-1 w-64 max-w-[80vw] rounded-tenant bg-ink p-3 text-sm font-normal text-surface shadow-lg [&_a]:font-semibold [&_a]:underline ${
          align === 'end' ? 'right-0' : 'left-0'
        }`}
      >
        {children}
      </div>
    </details>
  );
}
