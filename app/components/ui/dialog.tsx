import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

// The kit's modal. A dialog needs JavaScript: every one has a server-rendered fallback (a form,
// or the same content as a step of the page), see docs/decisions/005. Headless UI's dialog
// (focus trap, portal, floating code: about 17 KB gzipped) loads the first time a dialog opens,
// not with the page (issue 17, decision 033); until then, and on the server, nothing renders,
// as Headless UI renders nothing for a closed dialog or before hydration anyway.

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
};

type Loaded = { Panel: ComponentType<DialogProps> };
let loaded: Loaded | null = null;

function loadDialog(): Promise<Loaded> {
  return import('./dialog-panel').then((module) => {
    loaded = { Panel: module.DialogPanelWithBackdrop };
    return loaded;
  });
}

/**
 * Loads the dialog's code ahead of an opening that a timer will make (the inactivity dialog,
 * decision 046), so it shows at its time. A failure is left to the opening, which tries again.
 */
export function preloadDialog() {
  if (!loaded) loadDialog().catch(() => undefined);
}

export function Dialog(props: DialogProps) {
  const [ready, setReady] = useState<Loaded | null>(null);
  const { open } = props;
  useEffect(() => {
    if (!open || ready) return;
    if (loaded) {
      setReady(loaded);
      return;
    }
    let current = true;
    loadDialog().then(
      (module) => {
        if (current) setReady(module);
      },
      // The chunk did not load: the page's fallback (a form or a step) still works.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open, ready]);
  return ready ? <ready.Panel {...props} /> : null;
}
