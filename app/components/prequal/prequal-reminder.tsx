import { useEffect, useState, type ComponentType } from 'react';
import type { PrequalReminder } from '~/lib/prequal.server';
import { ToastFrame } from '~/components/ui/toast-frame';
import { PrequalReminderBody } from './refresh-prequal';

// The shell's pre-qualification reminder (seed 002 §4) at the cost of a few hundred bytes on
// pages without one (issue 17): the server sends the sentence with its date formatted, this
// renders it inline (the toast's look without JavaScript), and only after hydration, when there
// is a reminder, the kit's toast is loaded to take over (timer, close button, corner place).
// Not React.lazy: that would leave the server's render without the message.

type LiveToast = ComponentType<{ reminder: PrequalReminder }>;

export function PrequalReminderToast({ reminder }: { reminder: PrequalReminder }) {
  const [Live, setLive] = useState<{ Toast: LiveToast } | null>(null);
  useEffect(() => {
    let current = true;
    import('./prequal-toast').then(
      (module) => {
        if (current) setLive({ Toast: module.PrequalToast });
      },
      // The chunk did not load: the message stays inline, as without JavaScript.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (Live) return <Live.Toast reminder={reminder} />;
  return (
    <ToastFrame type={reminder.kind === 'expired' ? 'expired' : 'info'} testId="prequal-toast" floating={false}>
      <PrequalReminderBody reminder={reminder} />
    </ToastFrame>
  );
}
