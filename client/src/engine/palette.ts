// The board colours every game shares (the page's own, in style.css, match them): text and quiet text on the dark
// felt. A game's own colours (seats, squares, cards) stay in its look file.
export const INK = 0xf2efe6;
export const MUTED = 0xa9b8ae;
