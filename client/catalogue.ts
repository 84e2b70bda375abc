// A Vite plugin: `virtual:dicehall-catalogue` holds each game's id, name, pitch and seats, read from the rules
// package at build time, so the home page lists the games without shipping their rules (and zod) to the browser.
import type { Plugin } from 'vite';
import { games } from '../shared/src/games';

const ID = 'virtual:dicehall-catalogue';

export function catalogue(): Plugin {
  return {
    name: 'dicehall-catalogue',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const list = Object.values(games).map((g) => ({
        id: g.id,
        name: g.name,
        pitch: g.pitch,
        seats: g.seats,
        listed: g.listed ?? false,
      }));
      return `export const catalogue = ${JSON.stringify(list)};`;
    },
  };
}
