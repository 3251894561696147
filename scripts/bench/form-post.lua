-- wrk script: a form post as the page's fetcher sends it (to the route's .data URL), its body given
-- after `--` on wrk's command line. Each request comes from its own client address in
-- X-Forwarded-For (as in waitlist.lua), so the per-address limit sees separate visitors, and
-- carries no cookie: every post is a new guest's first.

local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local body = ""

function init(args)
  body = args[1] or ""
end

wrk.method = "POST"
-- A JSON post names its type on the command line (-H); a form post is the default.
wrk.headers["Content-Type"] = wrk.headers["Content-Type"] or "application/x-www-form-urlencoded"

local counter = 0

function request()
  counter = counter + 1
  local headers = {}
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
  headers["X-Forwarded-For"] = string.format("2001:db8:2%x:%x::1", thread_id or 0, counter)
  return wrk.format(nil, nil, headers, body)
end
