import { EDGE_SITE_SERVER_TAG } from '@nimbus/contract';

/**
 * `nimbus.blocklist` (ADR 0039): the platform blocklist, checked on every request in
 * `server_rewrite_by_lua` and written by the agent through the control server. Kept as a string
 * because a node gets the agent as one file; the agent writes it under `<data dir>/lua/nimbus/`.
 *
 * Keys: '4' or '6', one byte of prefix length, the prefix's bytes with the host bits cleared (the
 * contract's `blockRangeEdgeKey`); the value is the range as the console wrote it, which names its
 * counter. `lens4`/`lens6` hold the prefix lengths present, one byte each, so a lookup builds one
 * key per length held rather than per entry. `rev` is the console revision the dict reflects.
 *
 * A customer's entries (a WAF rule's blacklisting on all nodes) are keyed "o<customer id>:" before
 * the same bytes, a site's (a WAF or rate-limit ban) "s<site id>:"; this check never builds such a
 * key, only `check_owner` / `check_site` (nimbus.waf) for that customer's sites or that site. A
 * scoped entry the console takes back also lifts the same ban this node set by itself
 * (`nimbus_bans` "o:<customer>:<address>" or "s:<site>:<address>"): a released address is served.
 *
 * Counts go to `nimbus_block_hits` under "<range> <10-second bucket>": the agent takes only
 * finished buckets, which no worker writes any more, so taking them loses nothing.
 */
export const BLOCKLIST_LUA = String.raw`-- Written by nimbus-edge, which owns this file: edits are lost at its next start.
local ngx = ngx
local byte, char, sub, match, floor = string.byte, string.char, string.sub, string.match, math.floor
local band = bit.band
local list = ngx.shared.nimbus_blocklist
local hits = ngx.shared.nimbus_block_hits
local bans = ngx.shared.nimbus_bans
local control = require("nimbus.control")
local unhex, request_body, answer = control.unhex, control.request_body, control.answer

local BUCKET_SECONDS = 10
local SITE_SERVER_NAME = "^${EDGE_SITE_SERVER_TAG}(%d+)$"
local MASKS = { 0x80, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc, 0xfe }

local _M = {}

local function key_of(family, address, length)
  local whole = floor(length / 8)
  local rest = length - whole * 8
  local key = family .. char(length) .. sub(address, 1, whole)
  if rest > 0 then key = key .. char(band(byte(address, whole + 1), MASKS[rest])) end
  return key
end

-- Every request: refused with 403 when its address lies in a listed range.
function _M.check()
  local address = ngx.var.binary_remote_addr
  if not address then return end
  local family = #address == 4 and "4" or "6"
  local lengths = list:get("lens" .. family)
  if not lengths then return end
  for i = 1, #lengths do
    local range = list:get(key_of(family, address, byte(lengths, i)))
    if range then
      hits:incr(range .. " " .. floor(ngx.now() / BUCKET_SECONDS), 1, 0)
      -- The server's own "set $nimbus_site" has not run yet: its first name says the site, so
      -- the refusal is logged as the site's request.
      local site = match(ngx.var.server_name, SITE_SERVER_NAME)
      if site then ngx.var.nimbus_site = site end
      return ngx.exit(ngx.HTTP_FORBIDDEN)
    end
  end
end

-- Scoped entries are single addresses (what a WAF rule or rate limit saw): one key is enough.
local function check_scoped(tag, address)
  local family = #address == 4 and "4" or "6"
  local range = list:get(tag .. family .. char(#address * 8) .. address)
  if not range then return false end
  hits:incr(range .. " " .. floor(ngx.now() / BUCKET_SECONDS), 1, 0)
  return true
end

-- A site's own checks (nimbus.waf, access phase): refused when its owner's entries, or its own
-- (bans), hold the address.
function _M.check_owner(owner, address) return check_scoped("o" .. owner .. ":", address) end
function _M.check_site(site, address) return check_scoped("s" .. site .. ":", address) end

-- Deletes an entry; a scoped single address ("o<id>:" or "s<id>:", family, length, bytes) also
-- lifts this node's own ban of it, "o:<id>:<bytes>" or "s:<id>:<bytes>".
local function forget(key)
  list:delete(key)
  local first = byte(key, 1)
  if first ~= 111 and first ~= 115 then return end
  local colon = key:find(":", 2, true)
  if colon then bans:delete(sub(key, 1, 1) .. ":" .. sub(key, 2, colon - 1) .. ":" .. sub(key, colon + 3)) end
end

-- GET: the revision held. POST "full <rev>" or "delta <rev>", then lines "+ <hex key> <ttl> <range>"
-- or "- <hex key>". A full list is written first and what it lacks deleted after: no gap.
function _M.control()
  if ngx.req.get_method() == "GET" then return answer(200, tostring(list:get("rev") or 0)) end
  local body = request_body()
  local mode, revision = (body or ""):match("^(%a+) (%d+)\n?")
  if mode ~= "full" and mode ~= "delta" then return answer(400, "expected full or delta") end
  local full = mode == "full"
  local kept = {}
  local lengths = { ["4"] = full and "" or (list:get("lens4") or ""), ["6"] = full and "" or (list:get("lens6") or "") }
  for op, hex, ttl, range in body:gmatch("\n([+-]) (%x+) ?(%d*) ?([^\n]*)") do
    local key = unhex(hex)
    if op == "+" then
      -- safe_set: a full dict refuses rather than evicting other entries without a word.
      local ok, err = list:safe_set(key, range, tonumber(ttl) or 0)
      if not ok then return answer(507, "blocklist: " .. tostring(err)) end
      kept[key] = true
      local family, length = sub(key, 1, 1), sub(key, 2, 2)
      -- A scoped entry ("o…", "s…") is looked up by check_owner/check_site, never by prefix length.
      if lengths[family] and not lengths[family]:find(length, 1, true) then
        lengths[family] = lengths[family] .. length
      end
    else
      forget(key)
    end
  end
  if full then
    for _, key in ipairs(list:get_keys(0)) do
      local first = byte(key, 1)
      -- '4', '6': the platform's entries; 'o': customers'; 's': sites'. (The others are the dict's own.)
      if (first == 52 or first == 54 or first == 111 or first == 115) and not kept[key] then forget(key) end
    end
  end
  list:set("lens4", lengths["4"])
  list:set("lens6", lengths["6"])
  list:set("rev", tonumber(revision))
  return answer(200, revision)
end

-- The counts of finished buckets, "<range> <count>" a line, taken out of the dict.
function _M.take_hits()
  local current = floor(ngx.now() / BUCKET_SECONDS)
  local totals, order = {}, {}
  for _, key in ipairs(hits:get_keys(0)) do
    local range, bucket = key:match("^(%S+) (%d+)$")
    if range and tonumber(bucket) < current then
      local count = hits:get(key)
      hits:delete(key)
      if count and count > 0 then
        if not totals[range] then order[#order + 1] = range end
        totals[range] = (totals[range] or 0) + count
      end
    end
  end
  local lines = {}
  for i, range in ipairs(order) do lines[i] = range .. " " .. totals[range] end
  return answer(200, table.concat(lines, "\n"))
end

return _M
`;
