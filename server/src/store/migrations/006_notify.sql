-- Turn notifications (issue 33): the server's VAPID key pair, Web Push subscriptions per seat, lobby webhooks.

-- One row: the key pair made at first start (or none while VAPID_* set it); the first process to insert wins.
CREATE TABLE notify_keys (
  id          integer PRIMARY KEY CHECK (id = 1),
  public_key  text NOT NULL,
  private_key text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A browser's subscription for one seat, known by the seat token's hash (a rematch in the same room keeps the
-- token, so it keeps its subscriptions); one browser (endpoint) may watch many seats.
CREATE TABLE push_subscriptions (
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  endpoint   text NOT NULL,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  room_id    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, endpoint)
);
-- A push service answering 404/410 drops the endpoint for every seat at once.
CREATE INDEX push_subscriptions_endpoint ON push_subscriptions (endpoint);

-- A lobby's webhook. The URL is a secret: only the host name is ever shown.
CREATE TABLE party_webhooks (
  party_id text PRIMARY KEY,
  url      text NOT NULL,
  host     text NOT NULL,
  base_url text NOT NULL,
  set_at   timestamptz NOT NULL DEFAULT now()
);
