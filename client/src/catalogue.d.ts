// The type of the build-time game catalogue (client/catalogue.ts makes it).
declare module 'virtual:dicehall-catalogue' {
  export const catalogue: {
    id: string;
    name: string;
    pitch: string;
    seats: { min: number; max: number };
    listed: boolean;
  }[];
}
