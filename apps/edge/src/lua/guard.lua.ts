/**
 * `nimbus.guard` (ADR 0039; contract api/site-business-secure.ts): a site's rate limits per client
 * address and CC protection, and the two verification pages (sensorless, click-number) that the
 * WAF's actions of the same names use too. Runs in the access phase after `nimbus.waf`.
 *
 * The site's settings come in `$nimbus_guard`, written by the compiler (compiler/guard.ts):
 * `cc,<level>,<kind>` and `rl,<match>,<rate>,<unit seconds>,<burst>,<action>,<ban seconds>,<hex>.<hex>…`
 * joined by `:`; each worker parses a distinct value once.
 *
 * Counting: Debian's lua-resty-core ships no `resty.limit.*`, so a rule is a leaky bucket as
 * nginx's limit_req (nodelay) keeps it — "<excess> <last time>" per site, rule and address in
 * `nimbus_guard`, read and written without a lock (two workers may lose one count between them;
 * resty.limit.req does the same). CC counts requests per address in a fixed 10 s window with
 * `incr(key, 1, 0, ttl)`.
 *
 * A verified visitor carries `nimbus_pass=<expiry>.<hex HMAC-SHA1(secret, "p|site|address|expiry")>`:
 * bound to the site and the client address, it cannot be moved to another address or kept past
 * its expiry. The secret is made by the master in init_by_lua and kept in `nimbus_guard_key`, so a
 * reload (every settings save) keeps passes valid; a restart makes a new one.
 */
export const GUARD_LUA = String.raw`-- Written by nimbus-edge, which owns this file: edits are lost at its next start.
local ngx = ngx
local byte, char, sub, lower, format, concat = string.byte, string.char, string.sub, string.lower, string.format, table.concat
local re_find = ngx.re.find
local hmac_sha1 = ngx.hmac_sha1
local counts = ngx.shared.nimbus_guard
local keys = ngx.shared.nimbus_guard_key
local bans = ngx.shared.nimbus_bans
local events = ngx.shared.nimbus_waf_events
local unhex = require("nimbus.control").unhex

local COOKIE = "nimbus_pass"
local PASS_SECONDS = 1800
local CLICK_SECONDS = 300
local VERIFY_PATH = "/__nimbus_verify"
local CC_WINDOW = 10
local CC_THRESHOLDS = { normal = 100, strict = 30, attack = 0 }
local MAX_EVENTS = 10000

local _M = {}

-- The node's secret, made once by the master (before workers fork) and kept across reloads.
local secret = keys:get("secret")
if not secret then
  local file = io.open("/dev/urandom", "rb")
  local bytes = file and file:read(32)
  if file then file:close() end
  if not bytes or #bytes ~= 32 then error("nimbus.guard: no random bytes for the node secret") end
  keys:add("secret", bytes)
  secret = keys:get("secret")
end

local seeded = false
local function random(low, high)
  if not seeded then
    math.randomseed(ngx.now() * 1000 + ngx.worker.pid())
    seeded = true
  end
  return math.random(low, high)
end

local function tohex(text)
  return (text:gsub(".", function(c) return format("%02x", byte(c)) end))
end

local function sign(...)
  return tohex(hmac_sha1(secret, concat({ ... }, "|")))
end

local function pass_value(site, address)
  local expiry = tostring(ngx.time() + PASS_SECONDS)
  return expiry .. "." .. sign("p", site, address, expiry)
end

-- Whether the visitor carries a pass this node signed for this site and address, not expired.
local function passed(site, address)
  local cookie = ngx.var["cookie_" .. COOKIE]
  if not cookie then return false end
  local expiry, mac = cookie:match("^(%d+)%.(%x+)$")
  if not expiry then return false end
  local at, now = tonumber(expiry), ngx.time()
  if at < now or at > now + PASS_SECONDS then return false end
  return mac == sign("p", site, address, expiry)
end

local function record(site, rule, action, seconds)
  if (events:llen("e") or 0) >= MAX_EVENTS then events:incr("dropped", 1, 0) return end
  local request = (ngx.var.request or ""):gsub("[\t\r\n]", " ")
  events:lpush("e", concat({ ngx.now(), site, rule, action, ngx.var.remote_addr, seconds, sub(request, 1, 2000) }, "\t"))
end

-- ---- the verification pages ------------------------------------------------------------------

local TEXT = {
  cn = {
    lang = "zh-CN", title = "安全验证",
    checking = "正在检查您的浏览器，请稍候……",
    noscript = "请启用 JavaScript 和 Cookie，然后刷新本页。",
    click = "请点击数字 %d 继续访问",
    wrong = "数字不对，请再试一次。",
  },
  en = {
    lang = "en", title = "Security check",
    checking = "Checking your browser before you reach the site…",
    noscript = "Please enable JavaScript and cookies, then reload this page.",
    click = "Click the number %d to continue",
    wrong = "That was not the number shown. Please try again.",
  },
}

-- Chinese unless the visitor's first language is another one.
local function text_of()
  local first = lower(ngx.var.http_accept_language or ""):match("^%s*([%a*][%a-]*)")
  if not first or first == "*" or sub(first, 1, 2) == "zh" then return TEXT.cn end
  return TEXT.en
end

local STYLE = "<style>body{font-family:system-ui,sans-serif;margin:0;display:flex;min-height:100vh;"
  .. "align-items:center;justify-content:center;background:#f5f5f5;color:#222}main{background:#fff;"
  .. "padding:32px 40px;border-radius:8px;text-align:center;max-width:420px}a.n{display:inline-block;"
  .. "min-width:48px;margin:6px;padding:12px;border:1px solid #1677ff;border-radius:6px;color:#1677ff;"
  .. "font-size:20px;text-decoration:none}</style>"

-- Our own page: never stored by a cache, never indexed, never framed.
local function page(text, body)
  ngx.status = 200
  ngx.header["Content-Type"] = "text/html; charset=utf-8"
  ngx.header["Cache-Control"] = "no-store, max-age=0"
  ngx.header["X-Robots-Tag"] = "noindex"
  ngx.header["X-Frame-Options"] = "DENY"
  ngx.say("<!doctype html><html lang=\"", text.lang, "\"><head><meta charset=\"utf-8\">",
    "<meta name=\"viewport\" content=\"width=device-width\"><title>", text.title, "</title>", STYLE,
    "</head><body><main><h1>", text.title, "</h1>", body, "</main></body></html>")
  return ngx.exit(200)
end

local function secure()
  return ngx.var.https == "on" and "; Secure" or ""
end

-- Sensorless: the script rebuilds the signed pass from shifted character codes after a small
-- computation, sets it as the cookie and reloads; a client that runs no script never has it.
local function sensorless(site, address)
  local text = text_of()
  local value = pass_value(site, address)
  local n, k = random(2000, 6000), 0
  for i = 0, n - 1 do k = (k * 31 + i) % 97 end
  local codes = {}
  for i = 1, #value do codes[i] = byte(value, i) + k end
  local script = "(function(){var n=" .. n .. ",k=0,i,v='',a=[" .. concat(codes, ",") .. "];"
    .. "for(i=0;i<n;i++)k=(k*31+i)%97;for(i=0;i<a.length;i++)v+=String.fromCharCode(a[i]-k);"
    .. "document.cookie='" .. COOKIE .. "='+v+'; path=/; max-age=" .. PASS_SECONDS .. "; SameSite=Lax" .. secure() .. "';"
    .. "if(document.cookie.indexOf(v)<0){document.getElementById('m').textContent=" .. format("%q", text.noscript) .. ";return}"
    .. "location.reload()})()"
  return page(text, "<p id=\"m\">" .. text.checking .. "</p><noscript><p>" .. text.noscript
    .. "</p></noscript><script>" .. script .. "</script>")
end

-- The request to return to after a click: a path of this site only (no other host, no header
-- injection), else the site's root.
local function return_path(hex)
  if type(hex) ~= "string" or #hex > 4000 or #hex % 2 == 1 or not hex:match("^%x*$") then return "/" end
  local path = unhex(hex)
  if path == "/" then return path end
  if not path:match("^/[^/\\]") or path:find("[%c%s\128-\255]") then return "/" end
  return path
end

-- Click-number: buttons of six numbers; each goes to VERIFY_PATH with the token of the right
-- answer, which only the edge can check (the answer is inside the HMAC, not the link).
local function click_page(site, address, back, wrong)
  local text = text_of()
  local answer = random(10, 99)
  local choices, taken = { answer }, { [answer] = true }
  while #choices < 6 do
    local c = random(10, 99)
    if not taken[c] then taken[c], choices[#choices + 1] = true, c end
  end
  for i = #choices, 2, -1 do
    local j = random(1, i)
    choices[i], choices[j] = choices[j], choices[i]
  end
  local expiry = tostring(ngx.time() + CLICK_SECONDS)
  local token = sign("c", site, address, expiry, answer)
  local links = {}
  for i, c in ipairs(choices) do
    links[i] = "<a class=\"n\" href=\"" .. VERIFY_PATH .. "?c=" .. c .. "&amp;e=" .. expiry .. "&amp;t=" .. token
      .. "&amp;r=" .. back .. "\">" .. c .. "</a>"
  end
  return page(text, (wrong and "<p>" .. text.wrong .. "</p>" or "")
    .. "<p>" .. format(text.click, answer) .. "</p><nav>" .. concat(links) .. "</nav>")
end

local function request_back()
  local uri = ngx.var.request_uri or "/"
  if #uri > 2000 then return "2f" end
  return tohex(uri)
end

-- A visitor who must verify. Only GET and HEAD can show a page and come back; anything else
-- (a form post, an API call) without a pass is refused with 403.
local function challenge(site, address, kind)
  local method = ngx.req.get_method()
  if method ~= "GET" and method ~= "HEAD" then
    ngx.header["Cache-Control"] = "no-store"
    return ngx.exit(403)
  end
  if kind == "click-number" then return click_page(site, address, request_back(), false) end
  return sensorless(site, address)
end

-- The click-number buttons' target: the right number earns the pass and goes back.
local function verify(site, address)
  local args = ngx.req.get_uri_args(10)
  local c, e, t = args.c, args.e, args.t
  local back = type(args.r) == "string" and args.r or "2f"
  local now = ngx.time()
  local ok = type(c) == "string" and type(e) == "string" and type(t) == "string"
    and c:match("^%d%d$") and e:match("^%d+$")
  if ok then
    local at = tonumber(e)
    ok = at >= now and at <= now + CLICK_SECONDS and t == sign("c", site, address, e, c)
  end
  if not ok then return click_page(site, address, return_path(back) == "/" and "2f" or back, true) end
  ngx.header["Set-Cookie"] = COOKIE .. "=" .. pass_value(site, address) .. "; Path=/; Max-Age=" .. PASS_SECONDS
    .. "; HttpOnly; SameSite=Lax" .. secure()
  ngx.header["Cache-Control"] = "no-store"
  return ngx.redirect(return_path(back), 302)
end

-- ---- the site's rules ------------------------------------------------------------------------

local parsed, parsed_count = {}, 0

local function split(text, separator)
  local parts = {}
  for part in text:gmatch("[^" .. separator .. "]+") do parts[#parts + 1] = part end
  return parts
end

local function parse(text)
  local conf = { rules = {} }
  for _, line in ipairs(split(text, ":")) do
    local f = split(line, ",")
    if f[1] == "cc" then
      conf.cc, conf.kind = f[2], f[3]
    elseif f[1] == "rl" and #f == 8 then
      local values = {}
      for i, hex in ipairs(split(f[8], ".")) do values[i] = unhex(hex) end
      conf.rules[#conf.rules + 1] = { match = f[2], rate = tonumber(f[3]) / tonumber(f[4]), burst = tonumber(f[5]),
        action = f[6], seconds = tonumber(f[7]), values = values }
    end
  end
  return conf
end

local function conf_of(text)
  local conf = parsed[text]
  if conf then return conf end
  if parsed_count >= 1000 then parsed, parsed_count = {}, 0 end
  conf = parse(text)
  parsed[text], parsed_count = conf, parsed_count + 1
  return conf
end

local function path_matches(rule, uri)
  for _, v in ipairs(rule.values) do
    if rule.match == "regex" then
      if re_find(uri, v, "joi") then return true end
    elseif sub(uri, 1, #v) == v then
      return true
    end
  end
  return false
end

-- nginx's limit_req with nodelay: the excess drains at the rate; over the burst is refused and
-- not counted.
local function over(key, rate, burst)
  local now = ngx.now()
  local excess = 0
  local state = counts:get(key)
  if state then
    local held, last = state:match("^(%S+) (%S+)$")
    excess = math.max(0, tonumber(held) - (now - tonumber(last)) * rate + 1)
  end
  if excess > burst then return true end
  counts:set(key, excess .. " " .. now, (excess + 1) / rate + 1)
  return false
end

-- One event per site, rule and address in 10 s: a client hammering a limit fills no queue.
local function record_once(site, index, address, action, seconds)
  if counts:add("e:" .. site .. ":" .. index .. ":" .. address, 1, 10) then record(site, 0, action, seconds) end
end

-- Every request of a site, in the access phase after nimbus.waf.
function _M.check()
  if ngx.ctx.nimbus_released then return end
  local site = ngx.var.nimbus_site
  if not site or site == "" then return end
  local address = ngx.var.binary_remote_addr
  if ngx.var.uri == VERIFY_PATH then return verify(site, address) end
  local text = ngx.var.nimbus_guard
  if not text or text == "" then return end
  local conf = conf_of(text)
  local uri = lower(ngx.var.uri)
  for i, rule in ipairs(conf.rules) do
    if path_matches(rule, uri) then
      if over("l:" .. site .. ":" .. i .. ":" .. address, rule.rate, rule.burst) then
        if rule.action == "reject" then
          record_once(site, i, address, "code", 0)
          return ngx.exit(429)
        elseif rule.action == "ban" then
          bans:set("s:" .. site .. ":" .. address, 1, rule.seconds)
          record(site, 0, "ban", rule.seconds)
          return ngx.exit(403)
        elseif not passed(site, address) then
          record_once(site, i, address, rule.action, 0)
          return challenge(site, address, rule.action)
        end
      end
      break
    end
  end
  local level = conf.cc
  if level and CC_THRESHOLDS[level] and not passed(site, address) then
    local threshold = CC_THRESHOLDS[level]
    if threshold > 0 then
      local n = counts:incr("c:" .. site .. ":" .. address, 1, 0, CC_WINDOW)
      if not n or n <= threshold then return end
    end
    return challenge(site, address, conf.kind)
  end
end

-- A WAF rule's verification action: a visitor without a pass verifies; with one, returns.
function _M.require_pass(site, kind, rule_id)
  local address = ngx.var.binary_remote_addr
  if passed(site, address) then return end
  record(site, rule_id, kind, 0)
  return challenge(site, address, kind)
end

return _M
`;
