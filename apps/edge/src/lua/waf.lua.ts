/**
 * `nimbus.waf` (ADR 0039): each site's WAF rules, run in the access phase from shared memory, and
 * the bans they set. The agent writes rule sets through the control server; the contract's
 * `waf.ts` says what each target, operator and action means, and `waf-text.ts` writes the lines.
 *
 * Dicts: `nimbus_waf` holds "s:<site>" (the site's rule lines), "v:<site>" (the revision that
 * wrote them) and "rev"; each worker keeps the parsed rules of a site until its "v:" changes.
 * `nimbus_bans` holds "s:<site>:<address>" (ban) and "o:<owner>:<address>" (blacklisted on this
 * node: every site of that customer refuses it, never another tenant's — `$nimbus_owner`);
 * the owner's all-node entries and the site's bans set on other nodes come through
 * nimbus.blocklist (`check_owner`, `check_site`).
 * `nimbus_waf_events` queues events for the agent.
 */
export const WAF_LUA = String.raw`-- Written by nimbus-edge, which owns this file: edits are lost at its next start.
local ngx = ngx
local byte, char, sub, find, lower, floor = string.byte, string.char, string.sub, string.find, string.lower, math.floor
local band = bit.band
local re_find = ngx.re.find
local rules_dict = ngx.shared.nimbus_waf
local bans = ngx.shared.nimbus_bans
local events = ngx.shared.nimbus_waf_events
local control = require("nimbus.control")
local geo = require("nimbus.geo")
local blocklist = require("nimbus.blocklist")
local unhex, request_body, answer = control.unhex, control.request_body, control.answer

local MAX_EVENTS = 10000
local MASKS = { 0x80, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc, 0xfe }
local LOGGED = { intercept = true, suspicious = true, release = true, code = true, ban = true,
  ["blacklist-node"] = true, ["blacklist-all"] = true, ["log-release"] = true, ["direct-release"] = true }

local _M = {}
local cache = {}

local function split(text, separator)
  local parts = {}
  for part in (text .. separator):gmatch("(.-)" .. separator) do parts[#parts + 1] = part end
  return parts
end

-- "rule <id> <action> <status> <seconds>" then "cond <target> <name hex|-> <operator> <0|1> <hex>,<hex>…"
local function parse(text)
  local rules = {}
  for line in text:gmatch("[^\n]+") do
    local kind, rest = line:match("^(%a+) (.*)$")
    if kind == "rule" then
      local id, action, status, seconds = rest:match("^(%d+) (%S+) (%d+) (%d+)$")
      rules[#rules + 1] = { id = id, action = action, status = tonumber(status), seconds = tonumber(seconds), conds = {} }
    elseif kind == "cond" and #rules > 0 then
      local target, name, op, negate, values = rest:match("^(%S+) (%S+) (%S+) ([01]) (%S+)$")
      local list = {}
      for i, hex in ipairs(split(values, ",")) do list[i] = unhex(hex) end
      local conds = rules[#rules].conds
      conds[#conds + 1] = { target = target, name = name ~= "-" and unhex(name) or nil, op = op, negate = negate == "1", values = list }
    end
  end
  return rules
end

local function rules_of(site)
  local version = rules_dict:get("v:" .. site)
  if not version then return nil end
  local cached = cache[site]
  if cached and cached.version == version then return cached.rules end
  local text = rules_dict:get("s:" .. site)
  if not text then return nil end
  local rules = parse(text)
  cache[site] = { version = version, rules = rules }
  return rules
end

-- What a request is compared by, read once per request however many rules ask (the "seen" table).
local function prefix_of(address, length)
  local whole = floor(length / 8)
  local rest = length - whole * 8
  local prefix = sub(address, 1, whole)
  if rest > 0 then prefix = prefix .. char(band(byte(address, whole + 1), MASKS[rest])) end
  return prefix
end

local function ip_matches(seen, values)
  local address = seen.address
  if not address then
    address = ngx.var.binary_remote_addr
    seen.address, seen.family = address, #address == 4 and "4" or "6"
  end
  for _, key in ipairs(values) do
    if sub(key, 1, 1) == seen.family then
      local length = byte(key, 2)
      local prefix = seen[length]
      if not prefix then
        prefix = prefix_of(address, length)
        seen[length] = prefix
      end
      if sub(key, 3) == prefix then return true end
    end
  end
  return false
end

local function read(target, name)
  local value
  if target == "path" then value = ngx.var.uri
  elseif target == "query" then value = ngx.unescape_uri(ngx.var.args or "")
  elseif target == "header" then value = ngx.var["http_" .. name:gsub("-", "_")]
  elseif target == "cookie" then value = ngx.var["cookie_" .. name]
  elseif target == "ua" then value = ngx.var.http_user_agent
  elseif target == "referer" then value = ngx.var.http_referer
  elseif target == "method" then value = ngx.req.get_method()
  elseif target == "country" then value = geo.country_of(ngx.var.binary_remote_addr)
  end
  return lower(value or "")
end

local function subject(seen, target, name)
  local key = name and (target .. ":" .. name) or target
  local value = seen[key]
  if not value then
    value = read(target, name)
    seen[key] = value
  end
  return value
end

local function text_matches(op, text, values)
  for _, v in ipairs(values) do
    if op == "equals" or op == "in" then
      if text == v then return true end
    elseif op == "contains" then
      if find(text, v, 1, true) then return true end
    elseif op == "prefix" then
      if sub(text, 1, #v) == v then return true end
    elseif op == "suffix" then
      if v == "" or sub(text, -#v) == v then return true end
    elseif op == "regex" then
      if re_find(text, v, "joi") then return true end
    end
  end
  return false
end

local function holds(seen, cond)
  local matched
  if cond.target == "ip" then matched = ip_matches(seen, cond.values)
  else matched = text_matches(cond.op, subject(seen, cond.target, cond.name), cond.values) end
  return matched ~= cond.negate
end

local function record(site, rule)
  if (events:llen("e") or 0) >= MAX_EVENTS then events:incr("dropped", 1, 0) return end
  local request = (ngx.var.request or ""):gsub("[\t\r\n]", " ")
  events:lpush("e", table.concat({ ngx.now(), site, rule.id, rule.action, ngx.var.remote_addr,
    rule.seconds, sub(request, 1, 2000) }, "\t"))
end

local function refuse(status)
  return ngx.exit(status)
end

-- Every request of a site with rules, in the access phase.
function _M.check()
  local site = ngx.var.nimbus_site
  if not site then return end
  local address = ngx.var.binary_remote_addr
  -- Banned here (this node's own ban) or on the blocklist for this site (a ban on another node).
  if address and (bans:get("s:" .. site .. ":" .. address) or blocklist.check_site(site, address)) then
    return refuse(403)
  end
  -- What the owner's rules blacklisted, on this node or on all: only the owner's sites refuse it.
  local owner = ngx.var.nimbus_owner
  if address and owner and owner ~= "" then
    if bans:get("o:" .. owner .. ":" .. address) or blocklist.check_owner(owner, address) then return refuse(403) end
  end
  local rules = rules_of(site)
  if not rules then return end
  local seen = {}
  for _, rule in ipairs(rules) do
    local all = true
    for _, cond in ipairs(rule.conds) do
      if not holds(seen, cond) then all = false break end
    end
    if all then
      local action = rule.action
      if LOGGED[action] then record(site, rule) end
      if action == "intercept" then return refuse(403)
      elseif action == "code" then return refuse(rule.status)
      elseif action == "ban" then
        bans:set("s:" .. site .. ":" .. address, 1, rule.seconds)
        return refuse(403)
      elseif action == "blacklist-node" or action == "blacklist-all" then
        -- Every site of the rule's owner on this node (a site without an owner: only itself).
        local scope = (owner and owner ~= "") and ("o:" .. owner .. ":") or ("s:" .. site .. ":")
        bans:set(scope .. address, 1, rule.seconds)
        return refuse(403)
      elseif action == "direct-release" then
        ngx.ctx.nimbus_released = true
        return
      elseif action == "ignore" or action == "release" or action == "log-release" then
        return
      elseif action == "sensorless" or action == "click-number" then
        -- Verifies a visitor without a pass (nimbus.guard ends the request); with one, goes on.
        require("nimbus.guard").require_pass(site, action, rule.id)
      end
      -- suspicious, next: the next rules run
    end
  end
end

-- GET: the revision held. POST "full <rev>" or "delta <rev>", then blocks "site <id>" + its
-- lines, or "drop <id>". A full load writes every site first and deletes the others after.
function _M.control()
  if ngx.req.get_method() == "GET" then return answer(200, tostring(rules_dict:get("rev") or 0)) end
  local body = request_body() or ""
  local mode, revision = body:match("^(%a+) (%d+)")
  if mode ~= "full" and mode ~= "delta" then return answer(400, "expected full or delta") end
  local kept, site, lines = {}, nil, {}
  local function flush()
    if not site then return true end
    local ok, err = rules_dict:safe_set("s:" .. site, table.concat(lines, "\n"))
    if not ok then return nil, err end
    rules_dict:set("v:" .. site, tonumber(revision))
    kept[site] = true
    site, lines = nil, {}
    return true
  end
  for line in body:gmatch("[^\n]+") do
    local kind, rest = line:match("^(%a+) (.*)$")
    if kind == "site" or kind == "drop" then
      local ok, err = flush()
      if not ok then return answer(507, "waf: " .. tostring(err)) end
      if kind == "site" then site = rest
      else rules_dict:delete("s:" .. rest) rules_dict:delete("v:" .. rest) end
    elseif site then
      lines[#lines + 1] = line
    end
  end
  local ok, err = flush()
  if not ok then return answer(507, "waf: " .. tostring(err)) end
  if mode == "full" then
    for _, key in ipairs(rules_dict:get_keys(0)) do
      local held = key:match("^[sv]:(%d+)$")
      if held and not kept[held] then rules_dict:delete(key) end
    end
  end
  rules_dict:set("rev", tonumber(revision))
  return answer(200, revision)
end

-- The oldest queued events, one a line, taken out of the queue.
function _M.take_events()
  local lines = {}
  for i = 1, 1000 do
    local line = events:rpop("e")
    if not line then break end
    lines[i] = line
  end
  return answer(200, table.concat(lines, "\n"))
end

return _M
`;
