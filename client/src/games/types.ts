// What a game brings to the client: a board view (Pixi) and words for its actions and events.
import type { Container } from 'pixi.js';
import type { Stage } from '../engine/stage';
import type { Snapshot } from '../net/store';
import type { OptionField } from '../ui/options';

export interface ViewContext {
  stage: Stage;
  /** Sends an action of this game to the server. */
  act(action: unknown): void;
  /**
   * An element of the accessible HTML layer the view may fill with its own controls (named buttons),
   * for choices the generic list of legal actions cannot express (e.g. arranging dice). Empty in replays.
   */
  controls: HTMLElement;
  /** Called when a board that was showing an earlier snapshot (a roll in the air) shows the newest one again. */
  caughtUp?(): void;
}

export interface GameView {
  readonly container: Container;
  /** Draw the new snapshot (called on every change). */
  update(snapshot: Snapshot): void;
  /**
   * True while the board still shows an earlier snapshot (a die in the air lands on the server's number first):
   * the HTML layer holds its status line and log back until `caughtUp`, so words and board never disagree.
   */
  readonly lagging?: boolean;
  destroy(): void;
}

export type ViewFactory = (ctx: ViewContext) => GameView;

/** A game's client side. Everything but the view is light; the view (and PixiJS) loads on demand. */
export interface ClientGame {
  id: string;
  loadView(): Promise<ViewFactory>;
  /**
   * A button label for a legal action, read by people and screen readers; the HTML layer shows one
   * button per legal action. Return null to leave an action to the view's own `controls`.
   */
  label(action: unknown, snapshot: Snapshot): string | null;
  /** The rules page, as an HTML fragment. */
  rules?: string;
  /** Draws the rules page's pictures (its `[data-picture]` figures) with the game's own renderer; loads on demand. */
  loadPictures?(): Promise<(root: HTMLElement) => Promise<void>>;
  /** Room options offered when creating a room. */
  options?: OptionField[];
}
