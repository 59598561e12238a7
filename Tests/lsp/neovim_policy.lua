-- reorder lsp through Neovim's own LSP client (0.7 and later), headless,
-- which watches no file on Linux: opens package.json in the current folder
-- (whose .reorder.toml names /dependencies), waits for its diagnostic,
-- then changes the policy file on disk, as a `git pull` does, and waits
-- for the diagnostics to follow: none under a policy that no longer
-- covers the file, one again when it comes back. Each step is written to
-- $RESULT, one line each.
local reorder = os.getenv("REORDER")
local lines = {}
local function say(text) table.insert(lines, text) end
local function finish()
  local file = io.open(os.getenv("RESULT"), "w")
  file:write(table.concat(lines, "\n") .. "\n")
  file:close()
  vim.cmd("qall!")
end
-- Written beside it and renamed into place, as git does.
local function write_policy(text)
  local file = io.open(".reorder.toml.new", "w")
  file:write(text)
  file:close()
  os.rename(".reorder.toml.new", ".reorder.toml")
end

vim.cmd("edit package.json")
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ cmd = { reorder, "lsp" }, root_dir = vim.fn.getcwd(), name = "reorder" })
vim.lsp.buf_attach_client(buf, id)
local function count_is(n)
  return vim.wait(20000, function() return #vim.diagnostic.get(buf) == n end, 20)
end
if not count_is(1) then
  say("no diagnostic")
  return finish()
end
say("diagnostics " .. #vim.diagnostic.get(buf))

local policy = io.open(".reorder.toml"):read("*a")
write_policy(policy:gsub("package%.json", "other.json"))
if not count_is(0) then say("the diagnostic stays under a policy that does not cover the file") end
say("diagnostics " .. #vim.diagnostic.get(buf))

write_policy(policy)
if not count_is(1) then say("no diagnostic after the policy came back") end
say("diagnostics " .. #vim.diagnostic.get(buf))
for _, d in ipairs(vim.diagnostic.get(buf)) do
  say(string.format("diagnostic %d:%d-%d:%d %s", d.lnum, d.col, d.end_lnum, d.end_col, d.message))
end
finish()
