-- Runs one Argo CD resource health script the way Argo CD v3.5.1 does, under
-- the real Lua 5.1 interpreter (gopher-lua, which Argo CD embeds, implements
-- the Lua 5.1 dialect). Mirrors argoproj/argo-cd v3.5.1 util/lua/lua.go:
--
--   runLuaWithResourceActionParameters: a fresh state per run with
--     SkipOpenLibs (a customization without useOpenLibs), then only the
--     package, base and table libraries and the "safe" os library of
--     util/lua/oslib_safe.go (os.time and os.date), preloaded for require("os");
--     the global obj set to the resource (decodeValue), the global
--     actionParams to an empty table; the script run with PCall(0, MultRet)
--   ExecuteHealthLua: the script's last return value (l.Get(-1)) is the result
--
-- The base functions are gopher-lua's baseFuncs (baselib.go). No string,
-- math, io, debug or coroutine library is reachable from the script, and
-- strings have no metatable (gopher-lua sets the string metatable only in
-- OpenString), so ("x"):upper() fails here as it does in Argo CD. Where this
-- harness differs it is stricter: getfenv(0) and a raw require of anything but
-- "os" are refused, and Argo CD's one-second timeout is not enforced.
--
-- Usage: lua5.1 harness.lua SCRIPT OBJECT
--   SCRIPT: the health script's text; OBJECT: a Lua chunk returning the
--   resource as decodeValue builds it (maps as tables, lists as sequences).
-- Output: "error <n>\n<message>" if loading or running failed, otherwise
-- "type <lua type>\n", then for a table "empty <true|false>\n" and, for each of
-- status and message, "field <name> <lua type> <n>\n<n bytes of the value if a
-- string>\n".

local scriptPath, objectPath = arg[1], arg[2]
local file = assert(io.open(scriptPath, "rb"))
local script = file:read("*a")
file:close()
local obj = assert(loadfile(objectPath))()

local write = io.write
local function out(text) write(text) end

local safeOs = { time = os.time, date = os.date }
local env = {}
for _, name in ipairs({
  "assert", "collectgarbage", "dofile", "error", "getmetatable", "load", "loadfile", "loadstring",
  "next", "pcall", "print", "rawequal", "rawget", "rawset", "select", "setfenv", "setmetatable",
  "tonumber", "tostring", "type", "unpack", "xpcall", "ipairs", "pairs",
}) do env[name] = _G[name] end
env._G = env
env._VERSION = "GopherLua 0.1"
env.table = table
env.os = safeOs
env.package = { loaded = { os = safeOs, table = table, _G = env } }
env.require = function(name)
  if name == "os" then return safeOs end
  error("module " .. tostring(name) .. " not found")
end
env.getfenv = function(level)
  if level == 0 then error("getfenv(0) is refused by the harness") end
  return env
end
env.obj = obj
env.actionParams = {}

local chunk, loadError = loadstring(script, "<string>")
if chunk == nil then
  out("error " .. #loadError .. "\n" .. loadError)
  return
end
setfenv(chunk, env)

local stringMeta = getmetatable("")
debug.setmetatable("", nil)
local function pack(...) return { n = select("#", ...), ... } end
local results = pack(pcall(chunk))
local count = results.n
debug.setmetatable("", stringMeta)

if not results[1] then
  local message = tostring(results[2])
  out("error " .. #message .. "\n" .. message)
  return
end

-- l.Get(-1): the last value the chunk returned, or nil when it returned none
local value = nil
if count > 1 then value = results[count] end
out("type " .. type(value) .. "\n")
if type(value) == "table" then
  out("empty " .. tostring(next(value) == nil) .. "\n")
  for _, field in ipairs({ "status", "message" }) do
    local v = value[field]
    if type(v) == "string" then
      out("field " .. field .. " string " .. #v .. "\n" .. v .. "\n")
    else
      out("field " .. field .. " " .. type(v) .. " 0\n\n")
    end
  end
end
