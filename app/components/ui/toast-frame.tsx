import type { ReactNode, Ref } from 'react';
import { roleOf, type FeedbackType } from './feedback-role';

/**
 * The toast's box (seed 000 §8-9). `floating` once JavaScript runs it: fixed at the right, the seed's
 * alert top offset below the header (104 px, 67 px below 960 px wide), with
 * a close button; before that (and without JavaScript) inline where it is placed.
 */
export function ToastFrame({
  type,
  testId,
  floating,
  frameRef,
  onClose,
  children,
}: {
  type: FeedbackType;
  testId: string;
  floating: boolean;
  frameRef?: Ref<HTMLDivElement>;
  onClose?: () => void;
  children: ReactNode;
}) {
  return (
    <div
      ref={frameRef}
      role={roleOf(type)}
      data-testid={testId}
      data-toast={type}
      className={`${floating ? 'fixed right-4 top-[67px] z-50 max-w-sm shadow-lg md:top-[104px]' : 'my-3'} flex items-start gap-3 rounded-tenant border border-gray-400 bg-white px-4 py-3 text-sm text-gray-900`}
    >
      <div className="flex-1">{children}</div>
      {floating && onClose ? (
        <button
          type="button"
          onClick={onClose}
          className="cursor-pointer px-1 font-bold"
          aria-label="Close notification"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
