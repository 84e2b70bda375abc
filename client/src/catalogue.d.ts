// The type of the build-time game catalogue (client/catalogue.ts makes it).
declare module 'virtual:dicehall-catalogue' {
  type OptionField = import('./ui/options').OptionField;
  export const catalogue: {
    id: string;
    name: string;
    pitch: string;
    seats: { min: number; max: number };
    listed: boolean;
    /** The room options the create form offers. */
    options: OptionField[];
    /** Whether the game has a rules page (/rules/<id>). */
    rules: boolean;
    /** Whether a room of it at most seats can have a clock (shared `timeable`). */
    timeable: boolean;
  }[];
}
