import { createContext, useContext, useId, type ReactNode } from 'react';
import { HEART_PATH, HeartIcon } from '~/components/icons';

// A list of cards draws each card's heart and picture placeholder once, as <symbol>s at its
// start, and each card refers to them with <use> (decision 109): 24 copies of the same drawings
// were a tenth of the search page's HTML. Outside a list the card draws them inline.

type Sprite = { heart: string; placeholder: string };

const SpriteContext = createContext<Sprite | null>(null);

/** The list's symbols and the context its cards find them by; ids unique to this list. */
export function CardSprite({ children }: { children: ReactNode }) {
  const prefix = `card-sprite-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const sprite: Sprite = { heart: `${prefix}-heart`, placeholder: `${prefix}-placeholder` };
  return (
    <SpriteContext.Provider value={sprite}>
      <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
        <symbol id={sprite.heart} viewBox="0 0 24 24">
          <g stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d={HEART_PATH} />
          </g>
        </symbol>
        <symbol id={sprite.placeholder} viewBox="0 0 400 200">
          <PlaceholderDrawing />
        </symbol>
      </svg>
      {children}
    </SpriteContext.Provider>
  );
}

/** The car outline of a picture still to come. */
function PlaceholderDrawing() {
  return (
    <>
      <path d="M30,140 L40,112 L110,104 L150,78 L258,78 L300,104 L368,112 L378,140 Z" fill="#c5ccd6" />
      <path d="M158,84 L250,84 L286,104 L128,104 Z" fill="#e3e8ee" />
      <circle cx="100" cy="142" r="24" fill="#9aa3af" />
      <circle cx="302" cy="142" r="24" fill="#9aa3af" />
    </>
  );
}

export function PlaceholderArt() {
  const sprite = useContext(SpriteContext);
  return (
    <svg viewBox="0 0 400 200" className="w-3/5 max-w-56" aria-hidden="true" focusable="false">
      {sprite ? <use href={`#${sprite.placeholder}`} /> : <PlaceholderDrawing />}
    </svg>
  );
}

/** The card's heart, filled when saved (the icon set's HeartIcon, drawn by reference in a list). */
export function CardHeart({ filled }: { filled: boolean }) {
  const sprite = useContext(SpriteContext);
  if (!sprite) return <HeartIcon fill={filled ? 'currentColor' : 'none'} className="size-6" />;
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill={filled ? 'currentColor' : 'none'}
      className="size-6"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`#${sprite.heart}`} />
    </svg>
  );
}
