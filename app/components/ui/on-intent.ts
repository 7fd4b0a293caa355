import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';

// Widget code (Headless UI's menu, popover and dialog: about 30 KB gzipped) loaded when the
// shopper shows the intent to use the widget, not with the page (issue 17, decision 046): the
// pointer entering or pressing its trigger, the trigger taking focus or a key on it. A click
// that comes before the code opens the widget as soon as the code has arrived, so no click is
// lost. Until then the trigger is a plain button with the widget's look; a failed load gives the
// page back the widget's no-JavaScript form (links, a <details>), which works without the code.

/** How the shopper asked to open: a keyboard opener lands on the widget's first item. */
export type Opener = 'pointer' | 'keyboard';

export type Chunk<T> = { current: () => T | null; load: () => Promise<T> };

/** One import shared by every use of a widget: started once, kept once here, tried again after a failure. */
export function chunkOf<T>(load: () => Promise<T>): Chunk<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    current: () => value,
    load() {
      loading ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

export type Intent<T> = {
  /** The widget's code, once it may replace the plain trigger (never in the middle of a press on it). */
  loaded: T | null;
  /** How the shopper asked to open the widget before its code was in place, or null. */
  opener: Opener | null;
  /** The plain trigger had the focus when the code replaced it: the widget's trigger takes it. */
  focus: boolean;
  /** The code could not be loaded: render the no-JavaScript form. */
  failed: boolean;
  triggerRef: RefObject<HTMLButtonElement>;
  /** Starts the import (what every intent does). */
  start: () => void;
  /** The plain trigger's events: each intent starts the import, the click also asks to open. */
  triggerProps: {
    onPointerEnter: () => void;
    onPointerDown: () => void;
    onFocus: (event: FocusEvent) => void;
    onKeyDown: (event: KeyboardEvent) => void;
    onClick: (event: MouseEvent) => void;
  };
};

/**
 * Loads `chunk` on the first intent on the trigger (`triggerProps` and `triggerRef` go on the
 * plain button rendered until `loaded` is set). The swap waits for a press on the trigger to end,
 * so the button under the pointer is not replaced between pointerdown and click.
 */
export function useOnIntent<T>(chunk: Chunk<T>): Intent<T> {
  const [loaded, setLoaded] = useState<{ value: T; focus: boolean } | null>(() => {
    const value = chunk.current();
    return value === null ? null : { value, focus: false };
  });
  const [opener, setOpener] = useState<Opener | null>(null);
  const [failed, setFailed] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pressing = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function takeOver() {
    const value = chunk.current();
    if (value === null || !mounted.current) return;
    const focus = triggerRef.current !== null && triggerRef.current === document.activeElement;
    setLoaded((current) => current ?? { value, focus });
  }

  function start() {
    if (loaded || chunk.current() !== null) {
      if (!pressing.current) takeOver();
      return;
    }
    chunk.load().then(
      () => {
        if (!pressing.current) takeOver();
      },
      () => {
        if (mounted.current) setFailed(true);
      },
    );
  }

  function release() {
    // The click (which takes over itself) follows pointerup in the same task for a mouse; a tap's
    // click may come later, and then it lands on the widget's own trigger, which opens.
    window.setTimeout(() => {
      if (!pressing.current) return;
      pressing.current = false;
      takeOver();
    }, 0);
  }

  return {
    loaded: loaded?.value ?? null,
    opener,
    focus: loaded?.focus ?? false,
    failed,
    triggerRef,
    start,
    triggerProps: {
      onPointerEnter: start,
      onPointerDown() {
        pressing.current = true;
        window.addEventListener('pointerup', release, { once: true });
        window.addEventListener('pointercancel', release, { once: true });
        start();
      },
      onFocus: start,
      onKeyDown: start,
      onClick(event) {
        pressing.current = false;
        // A click from the keyboard (Enter, Space) has no pointer position: detail is 0.
        setOpener(event.detail === 0 ? 'keyboard' : 'pointer');
        start();
        takeOver();
      },
    },
  };
}
