-- wrk script: POST /api/waitlist with the SPEC §3 JSON body, as the waitlist dialog sends it, and a
-- new email on every request (thread id + counter) so each one is a new row, not a repeat. The
-- Origin and Accept-Encoding headers come from the command line (-H).

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
  return wrk.format(nil, nil, nil, body)
end
