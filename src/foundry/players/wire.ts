/**
 * The players' side on one client, built by the composition root (compose.ts) the same way in
 * Foundry and in the behavioural fake: the GM desk (active GM, its code a chunk: gm-desk-load.ts), the player desk, the key
 * commitment, the system adapter chosen from the settings, and the handler of `QUERY.intent`.
 * The dice-driver layers the fishing host runs with (K7 initiative, rolls taken back after a
 * failed resolution) are this side's `gm.driver` and `gm.settleResolution`, given to the host by
 * the root.
 */
import type { LakeHost } from "../fishing/host.ts";
import type { KayanakHosting } from "../kayanak/requests.ts";
import type { GenericFormulas } from "../systems/generic.ts";
import {
  DEFAULT_GENERIC_FORMULAS,
  parseFormulas,
  validateGenericFormulas,
} from "../systems/generic.ts";
import { AUTO, chooseAdapter } from "../systems/index.ts";
import type { RollAdapter } from "../systems/types.ts";
import { Credential, KeyRing } from "./attest.ts";
import { PlayerDesk } from "./client.ts";
import { LazyGmDesk } from "./gm-desk-load.ts";
import { hiddenModeOf } from "./hidden-actions.ts";
import type { PlayerPort } from "./port.ts";
import { LiveFeed } from "../core/live-feed.ts";

/** World settings of the players' side (registered in settings.ts). */
export const SETTING = {
  adapter: "systemAdapter",
  formulas: "genericFormulas",
  openAtRoundStart: "openDeclareAtRoundStart",
  /** Issue 10 item 6: "off", "gmroll" or "blindroll" (hidden-actions.ts). */
  hiddenActions: "hiddenActions",
} as const;

export class PlayerWiring {
  readonly keys: KeyRing;
  readonly credential: Credential;
  /** The GM desk (desk.ts), its code loaded on first use on the active GM's client (issue 23). */
  readonly gm: LazyGmDesk;
  readonly player: PlayerDesk;

  constructor(
    readonly port: PlayerPort,
    readonly host: LakeHost,
    /** Issue 11: Kayanak boards' requests go to this host (runtime.ts). */
    kayanak?: KayanakHosting,
    /** Issue 20 item 3: what changed on this client, for the declaration window (runtime.ts). */
    readonly live: LiveFeed = new LiveFeed(),
  ) {
    this.keys = new KeyRing(port);
    this.credential = new Credential(port);
    const adapter = () => this.adapter();
    const hidden = () => hiddenModeOf(this.port.setting(SETTING.hiddenActions));
    this.gm = new LazyGmDesk(port, host, this.keys, adapter, hidden, kayanak && (() => kayanak));
    this.player = new PlayerDesk(port, this.credential, adapter, hidden);
    this.gm.listen();
    this.player.listen();
  }

  /** The adapter for this world: the GM's override, else game.system.id, else generic formulas. */
  adapter(): RollAdapter {
    const override = this.port.setting(SETTING.adapter);
    const raw = this.port.setting(SETTING.formulas);
    const checked =
      typeof raw === "string"
        ? parseFormulas(raw)
        : raw === undefined
          ? undefined
          : validateGenericFormulas(raw);
    const formulas: GenericFormulas = checked?.ok ? checked.value : DEFAULT_GENERIC_FORMULAS;
    return chooseAdapter(
      this.port.systemId(),
      typeof override === "string" ? override : AUTO,
      formulas,
    );
  }

  /** The `QUERY.intent` handler (the runtime registers it, runtime.ts `queries`). */
  handle(data: unknown, options: unknown): Promise<unknown> {
    return this.gm.handle(data, options);
  }

  /** `ready`: a player commits to this session's key; the active GM reads rolls it may have missed. */
  async ready(): Promise<void> {
    if (!this.port.me().isGM) await this.credential.publish();
    await this.gm.rescan();
  }

  /** `userConnected`: when the active GM changes, the new one reads the open cards' rolls again. */
  async userActivity(): Promise<void> {
    await this.gm.rescan();
  }
}
