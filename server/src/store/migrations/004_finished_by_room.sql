-- A room link outlives its room: a finished game is found by its room id (the latest round), so the link shows it.
CREATE INDEX games_finished_room ON games (room_id, round) WHERE finished_at IS NOT NULL;
