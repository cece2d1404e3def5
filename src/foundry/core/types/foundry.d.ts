/**
 * The Foundry types for src/foundry (DEVELOPERS.md): fvtt-types 13.345.1 for v13, declaration
 * merging for this module's sub-type, settings and flags, and small local declarations for the
 * few v14 APIs the module uses (the v14 types are not on the registry).
 */
/// <reference types="@league-of-foundry-developers/foundry-vtt-types" />

import type { SwarmData } from "../../fishing/swarm-model.ts";

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      "kolikoly-fishing.swarm": typeof SwarmData;
    };
  }
  interface SettingConfig {
    "kolikoly-fishing.catchAC": number;
    "kolikoly-fishing.netDamage": string;
    "kolikoly-fishing.swarmSize": string;
    "kolikoly-fishing.hazardMode": "size-and-wounds" | "system" | "narrative";
    "kolikoly-fishing.verticalAdjacency": boolean;
    "kolikoly-fishing.width": number;
    "kolikoly-fishing.height": number;
    "kolikoly-fishing.levels": number;
    "kolikoly-fishing.markers": "remove" | "lastSeen";
    "kolikoly-fishing.hazardTable": string;
  }
}

/** v14: foundry.documents.modifyBatch (API docs v14, "modifyBatch"); absent on v13. */
export interface BatchOperation {
  action: "create" | "update" | "delete";
  documentName: string;
  parent?: unknown;
  pack?: string;
  data?: object[];
  updates?: object[];
  ids?: string[];
  [key: string]: unknown;
}
export type ModifyBatch = (operations: BatchOperation[]) => Promise<unknown[][]>;
