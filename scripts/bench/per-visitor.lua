-- wrk script: a GET as a browser sends it (headers from the command line, -H), each request from
-- its own client, an address of the IPv6 documentation range in X-Forwarded-For (the server
-- trusts loopback as its proxy, run.js): the per-address limit of a public lookup sees separate
-- visitors, as it would behind a load balancer.

local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local counter = 0

function request()
  counter = counter + 1
  local headers = {}
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
  headers["X-Forwarded-For"] = string.format("2001:db8:2%x:%x::1", thread_id or 0, counter)
  return wrk.format(nil, nil, headers)
end
