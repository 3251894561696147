-- wrk script: POST /api/waitlist with the SPEC §3 JSON body, as the waitlist dialog sends it, and a
-- new email on every request (thread id + counter) so each one is a new row, not a repeat. Each
-- request also names its own client, an address of the IPv6 documentation range (2001:db8::/32) in
-- its own /64, in X-Forwarded-For: the server trusts loopback as its proxy (run.js), so the
-- per-address limit sees visitors as it would behind a load balancer. The Origin and
-- Accept-Encoding headers come from the command line (-H).

local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local counter = 0
-- The run's start second keeps addresses apart if two runs share a database.
local run = os.time()
local timestamp = os.date("!%Y-%m-%dT%H:%M:%SZ")

function request()
  counter = counter + 1
  local body = string.format(
    '{"name":"Bench Visitor","email":"bench-%d-%d-%d@kestrel.test","company":"Kestrel Bench",'
      .. '"role":"Compliance lead","consent":true,"website":"","product":"kestrel_enterprise_pilot",'
      .. '"timestamp":"%s"}',
    run,
    thread_id or 0,
    counter,
    timestamp
  )
  -- wrk.format uses the table it is given instead of wrk.headers, so the headers are copied.
  local headers = {}
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
  headers["X-Forwarded-For"] = string.format("2001:db8:%x:%x::1", thread_id or 0, counter)
  return wrk.format(nil, nil, headers, body)
end
