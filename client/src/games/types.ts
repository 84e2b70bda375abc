// What a game brings to the client: a board view (Pixi) and words for its actions and events.
import type { Container } from 'pixi.js';
import type { Stage } from '../engine/stage';
import type { Snapshot } from '../net/store';
import type { OptionField } from '../ui/options';

export interface ViewContext {
  stage: Stage;
  /** Sends an action of this game to the server. */
  act(action: unknown): void;
}

export interface GameView {
  readonly container: Container;
  /** Draw the new snapshot (called on every change). */
  update(snapshot: Snapshot): void;
  destroy(): void;
}

export type ViewFactory = (ctx: ViewContext) => GameView;

/** A game's client side. Everything but the view is light; the view (and PixiJS) loads on demand. */
export interface ClientGame {
  id: string;
  loadView(): Promise<ViewFactory>;
  /** A button label for a legal action, read by people and screen readers. */
  label(action: any, snapshot: Snapshot): string;
  /** The rules page, as an HTML fragment. */
  rules?: string;
  /** Room options offered when creating a room. */
  options?: OptionField[];
}
