/**
 * A one-fisher game (3x2x2, seed 2) four rounds in, Ana on [1,1,0]: her Move down to [1,1,1]
 * meets the Undertow (push back), which hits for 6 of her 10 HP, so H4 leaves her the choice.
 * Found by playing seeds with the random bot; a scenario file, so it replays exactly.
 */
export const HAZARD_OPTS = { width: 3, height: 2, levels: 2, fishers: 1, seed: 2 } as const;
export const HAZARD_MOVE = { action: "move", to: [1, 1, 1] } as const;
export const HAZARD_SCENARIO = {
  format: "kolikoly-scenario/1",
  seed: 2,
  lake: { width: 3, height: 2, levels: 2, verticalAdjacency: true },
  fishers: [
    {
      id: "ana",
      name: "Ana",
      at: [0, 0, 0],
      mods: { attack: 5, damage: 3, survival: 3, stealth: 4, animalHandling: 2, initiative: 2 },
    },
  ],
  rounds: [
    {
      actions: { ana: { action: "track", target: [0, 0, 1], total: 13, natural: 10 } },
      explore: { "[0,0,1]": 10 },
      swarmSizes: [9, 8, 6],
    },
    {
      actions: { ana: { action: "move", to: [1, 1, 0], total: 20, natural: 16 } },
      explore: { "[1,1,0]": 2 },
    },
    {
      actions: { ana: { action: "track", target: [2, 1, 0], total: 16, natural: 13 } },
      explore: { "[2,1,0]": 9 },
      swarmSizes: [8, 7, 7],
    },
    { actions: { ana: { action: "catch", total: 6, natural: 1 } } },
  ],
};
