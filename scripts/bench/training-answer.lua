-- wrk script: the training answer post, a lease scenario's first step as the player's fetcher
-- sends it (a form to the route's .data URL). Every request is a first answer of a new take by a
-- new guest: a take key of its own (run second + thread id + counter, 16 characters) and, as in
-- waitlist.lua, its own client address in X-Forwarded-For so the per-address limit sees separate
-- visitors. The scenario, step and option come from the environment (run.js reads them from the
-- scenario's content: a lease step's one question accepts the same option in every take).

local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"

local counter = 0
-- The run's start second keeps take keys apart between the warm-up and the measured run.
local run = os.time() % 100000
local scenario = os.getenv("ANSWER_SCENARIO")
local step = os.getenv("ANSWER_STEP")
local option = os.getenv("ANSWER_OPTION")

function request()
  counter = counter + 1
  local body = string.format(
    "take=b%05d%02d%08d&scenario=%s&step=%s&option=%s",
    run,
    thread_id or 0,
    counter,
    scenario,
    step,
    option
  )
  local headers = {}
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
  headers["X-Forwarded-For"] = string.format("2001:db8:1%x:%x::1", thread_id or 0, counter)
  return wrk.format(nil, nil, headers, body)
end
