-- Resume by room id on any process: a process that did not see a game start (another process hosted it) finds the
-- room's unfinished game here when someone asks for the room.
CREATE INDEX games_unfinished_room ON games (room_id) WHERE finished_at IS NULL;
