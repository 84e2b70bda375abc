// The conformance suite: every game in the registry, whatever it is, passes the same contract checks.
// CONFORMANCE_SCALE=10 npx jest test/conformance  plays ten times the games and probes (CI runs scale 1).
import { games, rulesModule, shieldsUp, type GameModule } from '@dicehall/shared';
import {
  checkAgreement,
  checkPlaythrough,
  checkPurity,
  checkRefusalRolls,
  checkReplay,
  checkSeatViews,
  checkSecrets,
  configFor,
  perft,
} from '../helpers/conformance';
import { boundsFor, checkTermination } from '../helpers/termination';
import { NO_PERFT, NO_SECRETS, OWN, SCALE } from './games';
import { computePerft, pinsNothing, readPerft, REGENERATE } from './perft-data';

describe.each(Object.values(games).map((m) => [m.id, m] as const))('%s conforms', (id, module) => {
  const cfg = configFor(module, OWN[id], SCALE);

  it('random games end, with someone to act until the result and a result only at the end', () => {
    const { longest } = checkPlaythrough(module, cfg);
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(cfg.maxActions);
  });

  it('G1: a stall-seeking player keeps every turn and game within the declared bounds, and no state repeats in a turn', () => {
    const report = checkTermination(module, cfg);
    expect(report.games).toBe(cfg.stallGames);
    expect(report.longestGame).toBeGreaterThan(0);
    expect(report.longestTurn).toBeGreaterThan(0);
  });

  it('no rules function mutates a deep-frozen state', () => {
    expect(checkPurity(module, cfg).calls).toBeGreaterThan(0);
  });

  it('legalActions and apply agree: listed actions accepted, sampled unlisted inputs refused with a code', () => {
    const { accepted, refused } = checkAgreement(module, cfg);
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('a refusal takes no roll from the dice', () => {
    expect(checkRefusalRolls(module, cfg).refusals).toBeGreaterThan(0);
  });

  it('the log of a fair-dice game, through JSON, verifies and replays to the same state', () => {
    expect(checkReplay(module, cfg).games).toBe(cfg.games);
  });

  if (module.seatView) {
    it("a seat's view made from the public one (seatView) is the seat's view, at every step of random games", () => {
      const { compared } = checkSeatViews(module, cfg);
      expect(compared).toBeGreaterThan(0);
    });

    it('the seatView check has teeth: a seat view with more in it, or one that changes the public view, is caught', () => {
      const more: GameModule = {
        ...module,
        seatView: (state, seat) => ({ ...(module.view(state, seat) as object), peek: true }),
      };
      expect(() => checkSeatViews(more, cfg)).toThrow(/is not view\(state, \d\)/);
      const meddling: GameModule = {
        ...module,
        seatView: (state, seat, publicView) => {
          (publicView as Record<string, unknown>).seen = seat;
          return module.view(state, seat);
        },
      };
      expect(() => checkSeatViews(meddling, cfg)).toThrow(/changed the public view/);
    });
  }

  if (module.disguise) {
    it('views keep secrets: re-dealing what a viewer may not see leaves their view unchanged', () => {
      const report = checkSecrets(module, cfg)!;
      expect(report.compared).toBeGreaterThan(0);
      expect(report.disguised).toBeGreaterThan(0);
    });

    it("the secret probe has teeth: a view that also shows the next seat's view is caught", () => {
      const peeking: GameModule = {
        ...module,
        view: (state, viewer) => ({
          own: module.view(state, viewer),
          peek: module.view(state, ((viewer ?? -1) + 1) % cfg.setups[0].seats),
        }),
      };
      expect(() => checkSecrets(peeking, { ...cfg, setups: [cfg.setups[0]] })).toThrow(/it leaks a secret/);
    });
  }

  it(`perft counts match the pinned ones (regenerate deliberately: ${REGENERATE})`, () => {
    const pinned = readPerft(id);
    if (NO_PERFT.includes(id)) {
      // Exempt only while it is true: one legal action everywhere, and no file.
      expect(pinned).toBeNull();
      expect(pinsNothing(computePerft(module))).toBe(true);
      return;
    }
    if (!pinned)
      throw new Error(
        `no pinned perft counts for ${id}: run ${REGENERATE.replace('<game-id>', id)} and commit the file`,
      );
    expect(pinned.cases.length).toBeGreaterThan(0);
    // All counts 1 would pass whatever the rules allowed: such a file is refused, not trusted.
    expect({ id, pinsNothing: pinsNothing(pinned) }).toEqual({ id, pinsNothing: false });
    for (const c of pinned.cases) {
      expect({ ...c, counts: perft(module, { options: c.options, seats: c.seats }, c.seed, c.counts.length) }).toEqual(
        c,
      );
    }
  });
});

describe('G1, the termination law', () => {
  it("catches Shields Up's rules 1 Battery loop: with the piles empty, draw the Battery back, build it, discard it", () => {
    // Rules 1 is the module itself until U3 amended and U9 raise the version, then its rulesFor(1).
    const v1 = rulesModule(shieldsUp, 1) as GameModule;
    expect(v1.rulesVersion).toBe(1);
    expect(() => checkTermination(v1, configFor(v1, OWN['shields-up'], SCALE))).toThrow(
      /shields-up: G1, stall game \d .*: a state repeats inside seat \d's turn/,
    );
  });

  it('every registered game declares its bounds for each setup the suite plays, with a reason', () => {
    for (const module of Object.values(games))
      for (const setup of configFor(module, OWN[module.id]).setups) {
        const b = boundsFor(module, setup);
        expect(b.actionsPerTurn).toBeLessThanOrEqual(b.actionsPerGame);
      }
  });
});

describe('the registry', () => {
  it('every game without a secret probe (disguise) is one reviewed as hiding nothing', () => {
    expect(
      Object.values(games)
        .filter((m) => !m.disguise)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...NO_SECRETS].sort());
  });
});

describe('pinned perft counts', () => {
  it('a file whose every count is 1 pins nothing and is refused; a game with a choice pins more', () => {
    const allOnes = {
      game: 'x',
      rulesVersion: 1,
      regenerate: '',
      cases: [{ options: {}, seats: 2, seed: 1, counts: [1, 1, 1] }],
    };
    expect(pinsNothing(allOnes)).toBe(true);
    expect(pinsNothing({ ...allOnes, cases: [...allOnes.cases, { ...allOnes.cases[0]!, counts: [1, 2] }] })).toBe(
      false,
    );
    expect(pinsNothing(readPerft('pig')!)).toBe(false);
    // High Roll is exempt because it offers one action everywhere; the check above keeps that true.
    expect(pinsNothing(computePerft(games['high-roll']!))).toBe(true);
  });
});
