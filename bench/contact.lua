-- wrk script: POST /api/contact with a valid, distinct submission each time.
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
    '{"name":"Benk %d-%d","email":"benk%d@example.no","phone":"912 34 567","message":"Måling av kontaktskjemaet"}',
    id, n, n)
  return wrk.format(nil, nil, nil, body)
end
