-- Play over days (issue 33). `turns`: each game's latest change of who is to act, as its room last reported it
-- (seats to act, the last move in words, and, for a game played over days, its deadline in wall-time ms): "Your
-- games" answers from it in one query, and the deadline sweep finds fallen clocks through its partial index while
-- no room is loaded. Written after the log entry it follows; `seq` keeps a late write from undoing a newer one.
CREATE TABLE turns (
  game_id  text PRIMARY KEY,
  room_id  text NOT NULL,
  seq      integer NOT NULL,
  to_act   text NOT NULL,
  words    text NOT NULL,
  at       bigint NOT NULL,
  deadline bigint,
  over     boolean NOT NULL
);
CREATE INDEX turns_deadline ON turns (deadline) WHERE deadline IS NOT NULL;

-- "Your games" looks up the latest round of many rooms at once, finished or not.
CREATE INDEX games_room_round ON games (room_id, round DESC);

-- "Open on another device": one-time codes. Only the code's hash is kept, and the seats it carries are sealed
-- with a key derived from the code itself, so the table alone opens no seat. Single use: `used_at` is set once.
CREATE TABLE device_codes (
  code_hash  text PRIMARY KEY,
  sealed     text NOT NULL,
  expires_at bigint NOT NULL,
  used_at    bigint
);
CREATE INDEX device_codes_expires ON device_codes (expires_at);
