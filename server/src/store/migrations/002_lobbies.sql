-- Private lobbies: one row per open lobby, its state as the lobby room snapshots it (members with token hashes,
-- host, the chosen game, scoreboard, finished games, chat). Rewritten on every change; deleted when the lobby
-- closes; a lobby nobody opens again is dropped by retention once it has been idle past its cut-off.
CREATE TABLE lobbies (
  lobby_id   text PRIMARY KEY,
  snapshot   text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX lobbies_updated ON lobbies (updated_at);
