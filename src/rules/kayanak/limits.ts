/**
 * What a Kayanak file or set-up may ask for, and the box's fish (J1). A file of their own so that
 * a form can offer them (the Foundry lake wizard) without the rest of the rules: setup.ts checks
 * against them, index.ts exports them with it.
 */
export const KAYANAK_LIMITS = {
  side: 32,
  fishers: 12,
  fish: 1000,
  faces: 20,
  dots: 20,
  tiles: 50,
  turns: 10_000,
  /** J6 setting: the landing check's DC, and a fisher's dexterity modifier (either sign). */
  dc: 40,
  dex: 20,
} as const;

export const DEFAULT_FISH = { big: 15, small: 75 } as const;
