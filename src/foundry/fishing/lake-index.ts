/**
 * Each lake of the world by id, with its scene (issue 20 item 6, cheap cards): read from the
 * scenes' public flags once, then kept. A chat card names its lake; drawing it looks the lake up
 * here instead of reading every scene, so a card costs the same in a world of one scene and of
 * fifty. A scene's lakes live only in its flags, which change only by updateScene: a changed
 * scene is read again on the next look-up (that scene alone), a created or deleted one too.
 * Token changes touch no flag of the scene, so they keep the index as it is.
 */
import type { PublicLake } from "./projection.ts";
import { sceneFlags } from "./projection.ts";
import type { SceneData } from "../core/port.ts";

export interface IndexedLake {
  readonly pub: PublicLake;
  readonly sceneId: string;
}

export class LakeIndex {
  private readonly lakes = new Map<string, IndexedLake>();
  private built = false;
  private readonly dirty = new Set<string>();

  /** False: every look-up reads every scene (the path before issue 20 item 6, for the bench). */
  enabled = true;

  constructor(
    /** One scene's data (Port#scene). */
    private readonly scene: (id: string) => SceneData | undefined,
  ) {}

  /**
   * The lake named, with its scene; undefined when no scene holds it. `sceneIds` (the world's
   * scenes, game.scenes) is asked for only when the index is built.
   */
  find(lakeId: string, sceneIds: () => readonly string[]): IndexedLake | undefined {
    if (!this.enabled || !this.built) {
      this.lakes.clear();
      this.dirty.clear();
      for (const id of sceneIds()) this.read(id);
      this.built = true;
    } else if (this.dirty.size) {
      for (const id of this.dirty) this.read(id);
      this.dirty.clear();
    }
    return this.lakes.get(lakeId);
  }

  /** updateScene, createScene, deleteScene: that scene is read again on the next look-up. */
  sceneChanged(sceneId: string): void {
    this.dirty.add(sceneId);
  }

  private read(sceneId: string): void {
    for (const [id, l] of this.lakes) if (l.sceneId === sceneId) this.lakes.delete(id);
    const s = this.scene(sceneId);
    if (!s) return;
    for (const pub of Object.values(sceneFlags(s).lakes ?? {}))
      this.lakes.set(pub.id, { pub, sceneId });
  }
}
