import { useRef, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { useAlertAnalytics } from './alert-bar';
import { TOAST_AUTO_HIDE_MS, type FeedbackType } from './feedback';
import { ToastFrame } from './toast-frame';
import { useAutoDismiss } from './use-auto-dismiss';

// The toast of seed 000 §8-9: one at a time, hides after 10 seconds or with its close button,
// never by clicking elsewhere. Announced to screen readers. Without JavaScript it renders
// inline where it is placed and stays (there is no timer and nothing to close it with).

export function Toast({
  type = 'info',
  children,
  onClose,
  testId = 'toast',
}: {
  type?: FeedbackType;
  children: ReactNode;
  onClose?: () => void;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const { open, close } = useAutoDismiss(TOAST_AUTO_HIDE_MS, onClose);
  useAlertAnalytics(type, ref, open);
  if (!open) return null;
  return (
    <ToastFrame type={type} testId={testId} floating={hydrated} frameRef={ref} onClose={close}>
      {children}
    </ToastFrame>
  );
}
