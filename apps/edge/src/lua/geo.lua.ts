/**
 * `nimbus.geo` (issue 20 §2): the visitor's country, and the per-site checks that need code at
 * the edge before the WAF runs — region allow/deny and the maximum header size.
 *
 * The country table (contract geo-table.ts: 6-byte entries, start address big-endian then a
 * two-letter code or "--") is read once, when the master loads this module in init_by_lua, from
 * `<lua dir>/geo/countries.bin` where the agent writes it; workers share it by fork. A reload
 * reads it again. Without a table every address has no country. About 160,000 entries, 1 MB.
 *
 * A site's server block sets `$nimbus_geo` ("allow:CN,HK", "allow-unknown:…", "deny:…") and
 * `$nimbus_max_header` (bytes); the compiler's region.ts writes both.
 */
export const GEO_LUA = String.raw`-- Written by nimbus-edge, which owns this file: edits are lost at its next start.
local ngx = ngx
local byte, sub, floor = string.byte, string.sub, math.floor

local ENTRY = 6
-- An IPv4 visitor on a dual-stack socket arrives as ::ffff:a.b.c.d: the same country.
local MAPPED = "\0\0\0\0\0\0\0\0\0\0\255\255"

local _M = {}
local data, entries = nil, 0

local function load()
  local module = package.searchpath("nimbus.geo", package.path)
  if not module then return end
  local file = module:gsub("nimbus/geo%.lua$", "geo/countries.bin")
  local handle = io.open(file, "rb")
  if not handle then return end
  local text = handle:read("*a")
  handle:close()
  if not text or #text == 0 or #text % ENTRY ~= 0 then
    ngx.log(ngx.ERR, "nimbus.geo: ", file, " is not a country table")
    return
  end
  data, entries = text, #text / ENTRY
end
load()

local function number_at(text, at)
  local a, b, c, d = byte(text, at, at + 3)
  return ((a * 256 + b) * 256 + c) * 256 + d
end

-- The country code of a binary address ($binary_remote_addr), or nil: IPv6, no table, no country.
function _M.country_of(address)
  if not data or not address then return nil end
  if #address == 16 and sub(address, 1, 12) == MAPPED then address = sub(address, 13) end
  if #address ~= 4 then return nil end
  local n = number_at(address, 1)
  local low, high, found = 0, entries - 1, -1
  while low <= high do
    local middle = floor((low + high) / 2)
    if number_at(data, middle * ENTRY + 1) <= n then
      found = middle
      low = middle + 1
    else
      high = middle - 1
    end
  end
  if found < 0 then return nil end
  local code = sub(data, found * ENTRY + 5, found * ENTRY + 6)
  if code == "--" then return nil end
  return code
end

-- Each worker parses a site's list once; the values are as many as the sites that set one.
local lists = {}
local function list_of(value)
  local list = lists[value]
  if list then return list end
  local mode, codes = value:match("^([%a-]+):([A-Z,]+)$")
  if mode ~= "allow" and mode ~= "allow-unknown" and mode ~= "deny" then return nil end
  list = { mode = mode, codes = {} }
  for code in codes:gmatch("[A-Z][A-Z]") do list.codes[code] = true end
  lists[value] = list
  return list
end

-- Bytes of the header block as the visitor sent it. HTTP/2 has no such text: the same count
-- ("name: value" and a line end each) from the fields.
local function header_bytes()
  local ok, raw = pcall(ngx.req.raw_header, true)
  if ok and raw then return #raw end
  local total = 2
  for name, value in pairs(ngx.req.get_headers(0, true)) do
    if type(value) == "table" then
      for _, v in ipairs(value) do total = total + #name + #v + 4 end
    else
      total = total + #name + #value + 4
    end
  end
  return total
end

-- Every request, in the access phase, before the WAF.
function _M.check()
  local max = ngx.var.nimbus_max_header
  if max and max ~= "" then
    local limit = tonumber(max)
    -- 431 Request Header Fields Too Large (RFC 6585): what the visitor must change.
    if limit and header_bytes() > limit then return ngx.exit(431) end
  end
  local region = ngx.var.nimbus_geo
  if not region or region == "" then return end
  local list = list_of(region)
  -- The compiler writes only the shapes above; anything else is refused rather than ignored.
  if not list then return ngx.exit(403) end
  local code = _M.country_of(ngx.var.binary_remote_addr)
  if list.mode == "deny" then
    if code and list.codes[code] then return ngx.exit(403) end
  elseif code then
    if not list.codes[code] then return ngx.exit(403) end
  elseif list.mode ~= "allow-unknown" then
    return ngx.exit(403)
  end
end

-- The control server: how many entries this nginx loaded (0: none).
function _M.status()
  ngx.status = 200
  ngx.print(tostring(entries))
  return ngx.exit(200)
end

return _M
`;
