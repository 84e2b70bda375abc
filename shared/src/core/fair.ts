// Provably fair dice: a committed secret seed, HMAC-SHA256 per roll, rejection sampling, and the check anyone can run.
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils';
import { checkKey, checkSides, type SeekableDice } from './dice';

export const FAIR_SCHEME = 'hmac-sha256-rejection/1';

/** The public inputs mixed with the secret seed. */
export interface FairInputs {
  /** Public, unique per game: the nonce sequence is (gameId, n). */
  gameId: string;
  /** Players' own randomness, joined in seat order; '' when none was given. */
  clientSeed: string;
}

export function newServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** SHA-256 of the seed's bytes, in hex: shown to everyone before the first roll. */
export function commitmentOf(serverSeedHex: string): string {
  return bytesToHex(sha256(hexToBytes(serverSeedHex)));
}

/**
 * Roll number `n` of a game. HMAC-SHA256(key = seed, message = scheme|gameId|clientSeed|n|sides|block)
 * gives eight 32-bit words; a word below the largest multiple of `sides` maps to a face, any other is
 * rejected (no modulo bias) and the next is tried, then the next block.
 */
export function fairRoll(
  serverSeedHex: string,
  inputs: FairInputs,
  n: number,
  sides: number,
  mac: Mac = nobleHmac,
): number {
  return rollWithKey(hexToBytes(serverSeedHex), inputs, n, sides, mac);
}

/**
 * A keyed roll: the same HMAC with `key:<key>` where the index stands. An index is only digits, so a
 * keyed message never equals an indexed one, and every existing game's numbers stay as they were.
 */
export function fairKeyedRoll(
  serverSeedHex: string,
  inputs: FairInputs,
  key: string,
  sides: number,
  mac: Mac = nobleHmac,
): number {
  checkKey(key);
  return rollWithKey(hexToBytes(serverSeedHex), inputs, `key:${key}`, sides, mac);
}

/** HMAC-SHA256(key, message). The browser and the verifier use @noble/hashes; the server may pass Node's native one. */
export type Mac = (key: Uint8Array, message: Uint8Array) => Uint8Array;
export const nobleHmac: Mac = (key, message) => hmac(sha256, key, message);

function rollWithKey(key: Uint8Array, inputs: FairInputs, n: number | string, sides: number, mac: Mac): number {
  checkSides(sides);
  const limit = Math.floor(0x100000000 / sides) * sides;
  for (let block = 0; ; block++) {
    const msg = utf8ToBytes(`${FAIR_SCHEME}|${inputs.gameId}|${inputs.clientSeed}|${n}|${sides}|${block}`);
    const digest = mac(key, msg);
    const words = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let w = 0; w < 8; w++) {
      const x = words.getUint32(w * 4, false);
      if (x < limit) return (x % sides) + 1;
    }
  }
}

/** The server's roller: holds the secret seed and counts rolls. The seed never enters game state. */
export class FairDice implements SeekableDice {
  private n = 0;
  private readonly key: Uint8Array;
  constructor(
    serverSeedHex: string,
    private readonly inputs: FairInputs,
    private readonly mac: Mac = nobleHmac,
  ) {
    this.key = hexToBytes(serverSeedHex);
  }
  roll(sides: number): number {
    return rollWithKey(this.key, this.inputs, this.n++, sides, this.mac);
  }
  /**
   * A keyed roll is named by its key, not its position, but still takes a place in the count: the log numbers
   * every roll, so the indexed rolls after it keep the index the log gives them (and a rewind steps back over it).
   */
  rollKeyed(sides: number, key: string): number {
    checkKey(key);
    this.n++;
    return rollWithKey(this.key, this.inputs, `key:${key}`, sides, this.mac);
  }
  get rolled(): number {
    return this.n;
  }
  get position(): number {
    return this.n;
  }
  /** Rolls are addressed by number, so stepping back is exact: roll n is the same die whenever it is taken. */
  seek(position: number): void {
    if (!Number.isInteger(position) || position < 0 || position > this.n)
      throw new RangeError(`cannot seek to roll ${position} from roll ${this.n}`);
    this.n = position;
  }
}
