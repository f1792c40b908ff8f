-- wrk script: POST /api/contact with a valid, distinct submission each time (its own name,
-- e-mail and phone number, so no two are duplicates of each other), each from an
-- address of its own (X-Forwarded-For, read by a server that trusts a proxy), so the
-- contact form's per-address limit counts as it does for real visitors, not one flood.
-- Usage: wrk -s bench/contact.lua http://127.0.0.1:PORT/api/contact
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
end

function request()
  n = (n or 0) + 1
  local body = string.format(
    '{"name":"Benk %d-%d","email":"benk%d-%d@example.no","phone":"9%d%06d","message":"Måling av kontaktskjemaet"}',
    id, n, id, n, id, n % 1000000)
  local address = string.format("10.%d.%d.%d", id, math.floor(n / 256) % 256, n % 256)
  return wrk.format(nil, nil, { ["X-Forwarded-For"] = address, ["Content-Type"] = "application/json" }, body)
end
