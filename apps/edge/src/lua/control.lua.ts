/**
 * `nimbus.control` (ADR 0039): what the control-server handlers of nimbus.blocklist and
 * nimbus.waf share — reading the agent's request body (in memory, or the file nginx buffered it
 * to), decoding hex values, and answering with a status and a line.
 */
export const CONTROL_LUA = String.raw`-- Written by nimbus-edge, which owns this file: edits are lost at its next start.
local ngx = ngx
local char = string.char

local _M = {}

function _M.unhex(text)
  return (text:gsub("..", function(pair) return char(tonumber(pair, 16)) end))
end

function _M.request_body()
  ngx.req.read_body()
  local body = ngx.req.get_body_data()
  if body then return body end
  local file = ngx.req.get_body_file()
  if not file then return nil end
  local handle = io.open(file, "rb")
  if not handle then return nil end
  body = handle:read("*a")
  handle:close()
  return body
end

function _M.answer(status, text)
  ngx.status = status
  ngx.print(text)
  return ngx.exit(status)
end

return _M
`;
