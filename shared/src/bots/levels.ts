// What each bot level plays like, per game: shown on the home page (which ships no rules code) and in the README.
export const LEVEL_NOTES: Record<string, Record<'easy' | 'normal' | 'hard', string>> = {
  shields: {
    easy: 'one-ply look with a crude score, a random move one time in four',
    normal: 'expectimax two plies deep over the dice',
    hard: 'expectimax four plies deep over the dice',
  },
  'dice-chess': {
    easy: 'one-ply look with a crude score, a random move one time in five',
    normal: 'expectimax two plies deep over the rerolls',
    hard: 'expectimax four plies deep over the rerolls',
  },
  'shields-up': {
    easy: 'one action ahead on one guess of the hidden cards, a crude score, a random action one time in four',
    normal: 'searches its own turn over four guesses of the hidden cards',
    hard: 'searches its turn and the reply over eight guesses of the hidden cards',
  },
  polywars: {
    easy: 'a narrow one-step lookahead, a random action one time in three (never concedes)',
    normal: 'one-step lookahead over the dice with a heuristic score (material, leader safety, objective, threats)',
    hard: 'the same lookahead over more candidate moves and more dice faces',
  },
  'dice-siege': {
    easy: 'the tuned keep/assign policy half the time, a random keep or plan otherwise',
    normal: 'the tuned keep/assign policy, a random keep or plan one time in eight',
    hard: 'the tuned keep/assign policy every time',
  },
  'high-roll': { easy: 'rolls', normal: 'rolls', hard: 'rolls' },
  pig: { easy: 'rolls or holds at random', normal: 'rolls or holds at random', hard: 'rolls or holds at random' },
};
