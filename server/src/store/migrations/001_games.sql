-- Games, their seats, their append-only logs, chat and resume leases.
-- Log entries and finished logs are kept as text, not jsonb: the log is a byte-stable contract and jsonb
-- would reorder keys.

CREATE TABLE games (
  game_id       text PRIMARY KEY,
  room_id       text NOT NULL,
  round         integer NOT NULL,
  game          text NOT NULL,
  rules_version text NOT NULL,
  options       text NOT NULL,
  seat_count    integer NOT NULL CHECK (seat_count > 0),
  commitment    text NOT NULL,
  server_seed   text NOT NULL,
  client_seed   text,
  room          text NOT NULL,
  created_at    timestamptz NOT NULL,
  finished_at   timestamptz,
  result        text,
  final_log     text
);
-- Resume at boot scans unfinished games; retention scans finished ones by age.
CREATE INDEX games_unfinished ON games (created_at) WHERE finished_at IS NULL;
CREATE INDEX games_finished_at ON games (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE seats (
  game_id    text NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
  seat       integer NOT NULL CHECK (seat >= 0),
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  name       text NOT NULL,
  PRIMARY KEY (game_id, seat)
);

CREATE TABLE log_entries (
  game_id text NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
  seq     integer NOT NULL CHECK (seq >= 0),
  entry   text NOT NULL,
  PRIMARY KEY (game_id, seq)
);

CREATE TABLE chat (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id text NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
  seat    integer,
  sender  text NOT NULL,
  body    text NOT NULL,
  at      timestamptz NOT NULL
);
CREATE INDEX chat_game ON chat (game_id, id);

CREATE TABLE resume_leases (
  game_id    text PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
  owner      text NOT NULL,
  expires_at timestamptz NOT NULL
);
