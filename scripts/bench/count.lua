-- wrk script: paths.lua (random path per request) plus a count of responses per HTTP status, printed
-- by done() as "status 200: 12345" lines. The swap-under-load run reads them: which statuses came back
-- while the snapshot changed, not only how many were not 2xx.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "paths.lua")

statuses = {} -- global, so done() can read each thread's table with thread:get
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + n
    end
  end
  for status, n in pairs(total) do
    io.write(string.format("status %d: %d\n", status, n))
  end
end
