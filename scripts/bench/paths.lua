-- wrk script: each request takes a random line of a file of request paths, so one run spreads over
-- thousands of keys (as real clients do) instead of repeating one URL that any cache would answer.
--
--   wrk ... -s paths.lua http://host:port -- PATHS_FILE [API_KEY]
-- or the environment variables BENCH_PATHS and BENCH_KEY instead of the arguments.
-- init() runs in every wrk thread (each has its own Lua state), so each loads its own copy.

local paths = {}
-- A line "POST <path> <JSON body>" is a POST of JSON (an MCP tool call: src/areas/bench.ts postLine).
local posts = {}
-- A POST's headers: wrk.format takes them instead of wrk.headers, so they repeat those (the key) too.
local json = {}

function init(args)
  local file = args[1] or os.getenv("BENCH_PATHS")
  local key = args[2] or os.getenv("BENCH_KEY")
  if not file then error("paths.lua: give a paths file (wrk ... -- FILE) or BENCH_PATHS") end
  if key and key ~= "" then wrk.headers["x-api-key"] = key end
  for name, value in pairs(wrk.headers) do json[name] = value end
  json["content-type"] = "application/json"
  json["accept"] = "application/json, text/event-stream"
  for line in io.lines(file) do
    if line ~= "" then
      paths[#paths + 1] = line
      local path, body = line:match("^POST (%S+) (.+)$")
      if path then posts[#paths] = { path = path, body = body } end
    end
  end
  if #paths == 0 then error("paths.lua: no paths in " .. file) end
  -- Threads start within the same second; the clock's fraction keeps their sequences apart.
  math.randomseed(os.time() * 1000 + math.floor((os.clock() * 1000000) % 1000))
end

function request()
  local i = math.random(#paths)
  local post = posts[i]
  if post then return wrk.format("POST", post.path, json, post.body) end
  return wrk.format(nil, paths[i])
end
