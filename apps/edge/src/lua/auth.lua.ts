/**
 * `nimbus.auth` (issue 20 §2 content-secure): signed URLs, checked in the rewrite phase at
 * `http` level, after the blocklist (server rewrite) and before the WAF (access). The formulas
 * are the contract's (`site-content-secure.ts`, Aliyun CDN's types A, B and C); the compiler's
 * `url-auth.ts` writes the site's settings into `$nimbus_auth`, hex-encoded, and declares the
 * variables this module writes. A site without it costs one variable read.
 *
 * On a good token the URL loses it: A's parameter leaves the query (the origin never sees it),
 * A's header is cleared, B's and C's path prefix is dropped and the location is matched again on
 * the real path. `$nimbus_auth_uri`/`$nimbus_auth_path` (the cache key) get the URL without the
 * token, and `$nimbus_auth_pass` = 1 lets the same request's later passes (the new location,
 * the status-rewrite named location) through. Anything else answers 403: expired, altered,
 * malformed, the token given twice, or an internal redirect of a request that never passed
 * (except to the site's own error pages, which never reach the origin).
 */
export const AUTH_LUA = String.raw`-- Written by nimbus-edge, which owns this file: edits are lost at its next start.
local ngx = ngx
local md5, unescape = ngx.md5, ngx.unescape_uri
local sub, find, lower, char, gmatch = string.sub, string.find, string.lower, string.char, string.gmatch
local floor, concat, tonumber, type = math.floor, table.concat, tonumber, type

local _M = {}
-- Parsed settings by their hex value: a handful of sites per worker in practice; bounded anyway.
local parsed, held = {}, 0
local B_OFFSET = 8 * 3600

local function unhex(text)
  return (text:gsub("..", function(pair) return char(tonumber(pair, 16)) end))
end

-- "1|<type>|<ttl>|<mode>|<name>|<name2>|<key>|<backup>" (compiler url-auth.ts), or false.
local function parse(value)
  if #value % 2 ~= 0 or not find(value, "^%x+$") then return false end
  local f = {}
  for part in gmatch(unhex(value) .. "|", "([^|]*)|") do f[#f + 1] = part end
  local ttl = tonumber(f[3])
  if #f ~= 8 or f[1] ~= "1" or not ttl or f[7] == "" then return false end
  local keys = { f[7] }
  if f[8] ~= "" then keys[2] = f[8] end
  return { type = f[2], ttl = ttl, mode = f[4], name = lower(f[5]), name2 = lower(f[6]), keys = keys }
end

local function settings_of(value)
  local s = parsed[value]
  if s == nil then
    if held >= 1000 then parsed, held = {}, 0 end
    s = parse(value)
    parsed[value], held = s, held + 1
    if not s then ngx.log(ngx.ERR, "nimbus.auth: unreadable settings ", value) end
  end
  return s
end

-- Whether md5(build(key)) is the hash given, for the primary key or the backup.
local function signed(s, hash, build)
  if #hash ~= 32 then return false end
  hash = lower(hash)
  for _, key in ipairs(s.keys) do
    if md5(build(key)) == hash then return true end
  end
  return false
end

local function fresh(s, timestamp)
  return timestamp and timestamp + s.ttl >= ngx.time()
end

-- The query without the named parameters (names compared decoded, without case), and each
-- one's value (decoded) and how many times it came.
local function take(query, wanted)
  local kept, found = {}, {}
  for part in gmatch(query, "[^&]+") do
    local eq = find(part, "=", 1, true)
    local name = lower(unescape(eq and sub(part, 1, eq - 1) or part))
    local slot = found[name]
    if wanted[name] then
      found[name] = { value = unescape(eq and sub(part, eq + 1) or ""), count = slot and slot.count + 1 or 1 }
    else
      kept[#kept + 1] = part
    end
  end
  return concat(kept, "&"), found
end

local function once(found, name)
  local slot = found[name]
  return slot and slot.count == 1 and slot.value or nil
end

-- Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm): no time zone involved.
local function days_from_civil(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = floor(y / 400)
  local yoe = y - era * 400
  local doy = floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1
  return era * 146097 + yoe * 365 + floor(yoe / 4) - floor(yoe / 100) + doy - 719468
end

-- B's YYYYMMDDHHMM, Beijing time (UTC+8), as Unix seconds.
local function beijing(stamp)
  local y, mo, d, h, mi = tonumber(sub(stamp, 1, 4)), tonumber(sub(stamp, 5, 6)), tonumber(sub(stamp, 7, 8)),
    tonumber(sub(stamp, 9, 10)), tonumber(sub(stamp, 11, 12))
  if mo < 1 or mo > 12 or d < 1 or d > 31 or h > 23 or mi > 59 then return nil end
  return days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 - B_OFFSET
end

local function type_a(s, path, query)
  local token, rest
  if s.mode == "h" then
    token = ngx.req.get_headers(0)[s.name]
    if type(token) ~= "string" then return nil end
  else
    local found
    rest, found = take(query, { [s.name] = true })
    token = once(found, s.name)
    if not token then return nil end
  end
  local ts, rand, uid, hash = token:match("^(%d+)%-(%w+)%-(%w+)%-(%x+)$")
  if not ts or #ts ~= 10 or #rand > 100 or #uid > 64 or not fresh(s, tonumber(ts)) then return nil end
  local ok = signed(s, hash, function(key) return path .. "-" .. ts .. "-" .. rand .. "-" .. uid .. "-" .. key end)
  if not ok then return nil end
  if s.mode == "h" then
    ngx.req.clear_header(s.name)
    return true
  end
  ngx.req.set_uri_args(rest)
  ngx.var.nimbus_auth_uri = rest == "" and path or path .. "?" .. rest
  return true
end

-- B and C: the real path behind the signature, or nil.
local function type_b(s, path)
  local stamp, hash, real = path:match("^/(%d%d%d%d%d%d%d%d%d%d%d%d)/(%x+)(/.*)$")
  if not stamp or not fresh(s, beijing(stamp)) then return nil end
  return signed(s, hash, function(key) return key .. stamp .. real end) and real or nil
end

local function type_c(s, path, query)
  if s.mode == "q" then
    local rest, found = take(query, { [s.name] = true, [s.name2] = true })
    local hash, time = once(found, s.name), once(found, s.name2)
    if not hash or not time or not find(time, "^%x%x%x%x%x%x%x%x$") or not fresh(s, tonumber(time, 16)) then
      return nil
    end
    if not signed(s, hash, function(key) return key .. path .. time end) then return nil end
    ngx.req.set_uri_args(rest)
    ngx.var.nimbus_auth_uri = rest == "" and path or path .. "?" .. rest
    return true
  end
  local hash, time, real = path:match("^/(%x+)/(%x%x%x%x%x%x%x%x)(/.*)$")
  if not hash or not fresh(s, tonumber(time, 16)) then return nil end
  return signed(s, hash, function(key) return key .. real .. time end) and real or nil
end

-- B and C: the location is matched again on the real path; the key keeps the visitor's query.
local function jump(real, query)
  local uri = unescape(real)
  -- Decoded, the path must still be a plain path: no control bytes, no dot segments.
  if find(uri, "[%z\1-\31\127]") or find(uri, "/%.%.?/") or find(uri, "/%.%.?$") then return nil end
  ngx.var.nimbus_auth_path = real
  ngx.var.nimbus_auth_uri = query == "" and real or real .. "?" .. query
  ngx.var.nimbus_auth_pass = "1"
  return ngx.req.set_uri(uri, true)
end

-- Every request, in the rewrite phase.
function _M.rewrite()
  local value = ngx.var.nimbus_auth
  if not value or value == "" then return end
  if ngx.var.nimbus_auth_pass == "1" then return end
  if ngx.req.is_internal() then
    if find(ngx.var.uri, "^/__nimbus_error/%d+%.html$") then return end
    return ngx.exit(403)
  end
  local s = settings_of(value)
  if not s then return ngx.exit(403) end
  local request_uri = ngx.var.request_uri
  local mark = find(request_uri, "?", 1, true)
  local path = mark and sub(request_uri, 1, mark - 1) or request_uri
  local query = mark and sub(request_uri, mark + 1) or ""
  local result
  if s.type == "A" then
    result = type_a(s, path, query)
  elseif s.type == "B" then
    result = type_b(s, path)
  elseif s.type == "C" then
    result = type_c(s, path, query)
  end
  if not result then return ngx.exit(403) end
  if result ~= true then
    if not jump(result, query) then return ngx.exit(403) end
    return
  end
  ngx.var.nimbus_auth_path = path
  ngx.var.nimbus_auth_pass = "1"
end

return _M
`;
