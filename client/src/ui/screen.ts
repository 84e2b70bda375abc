// One screen at a time in the app's root, each rendered by preact.
import { render, type ComponentChild } from 'preact';

/** Starts a screen: the previous one unmounts (its timers and effects stop) and the root starts empty. */
export function showScreen(root: HTMLElement, screen: ComponentChild) {
  render(null, root);
  root.replaceChildren();
  render(screen, root);
}
