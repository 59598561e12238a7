-- reorder lsp through Neovim's own LSP client (0.7 and later), headless:
-- opens package.json in the current folder (a repository whose
-- .reorder.toml names /dependencies), waits for the diagnostics, applies
-- the code action of the first one and writes the file, then puts the list
-- out of order again, formats (as format-on-save does) and writes. Each
-- step is written to $RESULT, one line each; the test reads them and the
-- file's bytes.
local reorder = os.getenv("REORDER")
local lines = {}
local function say(text) table.insert(lines, text) end
local function finish()
  local file = io.open(os.getenv("RESULT"), "w")
  file:write(table.concat(lines, "\n") .. "\n")
  file:close()
  vim.cmd("qall!")
end

vim.cmd("edit package.json")
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ cmd = { reorder, "lsp" }, root_dir = vim.fn.getcwd(), name = "reorder" })
vim.lsp.buf_attach_client(buf, id)
if not vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  say("no diagnostics")
  return finish()
end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  say(string.format("diagnostic %d:%d-%d:%d %s %s", d.lnum, d.col, d.end_lnum, d.end_col, d.source or "", d.message))
end

-- The code action on the first diagnostic's line.
local client = vim.lsp.get_client_by_id(id)
vim.api.nvim_win_set_cursor(0, { vim.diagnostic.get(buf)[1].lnum + 1, 0 })
local params = vim.lsp.util.make_range_params()
params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf), only = { "quickfix" } }
local response = client.request_sync("textDocument/codeAction", params, 10000, buf)
if not response or not response.result or #response.result == 0 then
  say("no code action")
  return finish()
end
say("action " .. response.result[1].title)
vim.lsp.util.apply_workspace_edit(response.result[1].edit, "utf-16")
vim.cmd("silent write")
if not vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 20) then say("diagnostics stay after the fix") end

-- Out of order again: "zz" first. Then format, as format-on-save does.
vim.api.nvim_buf_set_lines(buf, 3, 3, false, { '    "zz": "9",' })
vim.lsp.buf.formatting_sync(nil, 10000)
vim.cmd("silent write")
say("formatted")
finish()
