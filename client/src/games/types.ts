// What a game brings to the client: its rules module, a board view (Pixi) and words for its actions and events.
import type { GameModule } from '@dicehall/shared/core';
import type { Container } from 'pixi.js';
import type { Stage } from '../engine/stage';
import type { Snapshot } from '../net/store';

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

/**
 * A game's client side, loaded with its shared rules module when a page shows the game (client/src/games/index.ts);
 * the view (and PixiJS), the rules page and its pictures load on demand. Its name and room options are in the
 * build-time catalogue (client/catalogue.ts), which the home page reads without loading any game.
 */
export interface ClientGame {
  id: string;
  /** The game's rules, as the server runs them: names events, derives legal actions, replays and verifies logs. */
  module: GameModule;
  loadView(): Promise<ViewFactory>;
  /**
   * A button label for a legal action, read by people and screen readers; the HTML layer shows one
   * button per legal action. Return null to leave an action to the view's own `controls`.
   */
  label(action: unknown, snapshot: Snapshot): string | null;
  /**
   * A seat's counts for its player strip, short ("12 dice", "3 in hand"), from the snapshot's view; none without it.
   * Only what the seat's view shows everyone (a hidden count stays hidden).
   */
  counts?(snapshot: Snapshot, seat: number): string[];
  /**
   * For the "confirm moves" setting (screens/confirm-moves.ts): the question to ask before sending an action that
   * ends the player's turn or phase and cannot be taken back ("End your turn?"); null for any other action.
   */
  endsTurn?(action: unknown, snapshot: Snapshot): string | null;
  /** The rules page, as an HTML fragment. */
  loadRules?(): Promise<string>;
  /** Draws the rules page's pictures (its `[data-picture]` figures) with the game's own renderer; loads on demand. */
  loadPictures?(): Promise<(root: HTMLElement) => Promise<void>>;
}
