/**
 * Players are asked to declare (issue 20 item 3): the declaration window opens by itself on a
 * player's client when a lake is made (round 1), when a round opens, and at `ready` when the
 * player joins while a round is open in which a fisher of theirs has not declared. Only for
 * lakes with a fisher this user owns, never on a GM's client, and only if the user's client
 * setting "open automatically" (settings.ts OPEN_SETTING) is on.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { SceneData } from "../core/port.ts";
import type { PublicLake } from "../fishing/projection.ts";
import { sceneFlags } from "../fishing/projection.ts";
import { RoundWatch } from "./round-watch.ts";
import type { PlayerPort } from "./port.ts";
import { SETTING } from "./wire.ts";

type Scene = Pick<SceneData, "_id" | "flags">;

export class DeclarePrompt {
  private readonly rounds = new RoundWatch();

  constructor(
    private readonly port: Pick<PlayerPort, "me" | "ownersOf" | "setting" | "activeGmId">,
    /** Opens (or brings forward) the declaration window: DeclareDialog.show in Foundry. */
    private readonly open: (pub: PublicLake, sceneId: string) => unknown,
  ) {}

  private mine(pub: PublicLake): string[] {
    const me = this.port.me().id;
    return pub.fishers
      .filter((f) => f.actorId && this.port.ownersOf(f.actorId).includes(me))
      .map((f) => f.id);
  }

  /** Whether this client asks at all: a player's, with the setting on (its default). */
  private asks(): boolean {
    return !this.port.me().isGM && this.port.setting(SETTING.openAtRoundStart) !== false;
  }

  private lakesOf(scenes: readonly Scene[]): { pub: PublicLake; sceneId: string }[] {
    return scenes.flatMap((s) =>
      Object.values(sceneFlags(s as SceneData).lakes ?? {}).map((pub) => ({ pub, sceneId: s._id })),
    );
  }

  /** `ready`, at once: the rounds this client starts with, so that only later ones open it. */
  prime(scenes: readonly Scene[]): void {
    this.rounds.prime(this.lakesOf(scenes).map((l) => l.pub));
  }

  /**
   * `ready`, once the player can be answered (their key commitment is out): a lake whose round is
   * open and in which a fisher of this user has not declared opens its window, when there is an
   * active GM to answer it.
   */
  ready(scenes: readonly Scene[]): PublicLake[] {
    if (!this.asks() || !this.port.activeGmId()) return [];
    const due = this.lakesOf(scenes).filter(
      ({ pub }) => !pub.over && this.mine(pub).some((f) => !pub.declared.includes(f)),
    );
    for (const { pub, sceneId } of due) this.open(pub, sceneId);
    return due.map((l) => l.pub);
  }

  /** `updateScene(scene, changed)`: lakes made, or whose round opened, on that scene. */
  sceneChanged(scene: Scene, changed: { flags?: Record<string, unknown> }): PublicLake[] {
    if (changed.flags?.[MODULE_ID] === undefined) return [];
    const here = Object.values(sceneFlags(scene as SceneData).lakes ?? {});
    const opened = this.rounds.advanced(here).filter((pub) => this.mine(pub).length > 0);
    if (!this.asks()) return [];
    for (const pub of opened) this.open(pub, scene._id);
    return opened;
  }
}
