-- "Move item up/down" through Neovim's own LSP client (0.7 and later),
-- headless, in the current folder: the cursor on a JSON element and on a
-- nested YAML entry, the code action "Move '…' down" applied and the file
-- written; then the key binding the README gives (Alt+Shift+Up, the
-- command reorder.moveItem) on the JSON element. Each step is written to
-- $RESULT, one line each; the test reads them and the files' bytes.
local reorder = os.getenv("REORDER")
local lines = {}
local function say(text) table.insert(lines, text) end
local function finish()
  local file = io.open(os.getenv("RESULT"), "w")
  file:write(table.concat(lines, "\n") .. "\n")
  file:close()
  vim.cmd("qall!")
end

local id = vim.lsp.start_client({ cmd = { reorder, "lsp" }, root_dir = vim.fn.getcwd(), name = "reorder" })

-- The code action whose title ends with `suffix`, at the cursor, applied.
local function act(file, line, column, suffix)
  vim.cmd("edit " .. file)
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)
  if not vim.wait(20000, function() return client.initialized end, 20) then return say("not initialized") end
  vim.api.nvim_win_set_cursor(0, { line, column })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  local response = client.request_sync("textDocument/codeAction", params, 10000, buf)
  local chosen = nil
  for _, action in ipairs(response and response.result or {}) do
    if action.title:sub(-#suffix) == suffix and not chosen then chosen = action end
  end
  if not chosen then return say(file .. ": no action ending with " .. suffix) end
  say(file .. ": " .. chosen.title .. " (" .. chosen.kind .. ")")
  vim.lsp.util.apply_workspace_edit(chosen.edit, "utf-16")
  vim.cmd("silent write")
end

act("data.json", 3, 6, "down")
act("config.yaml", 4, 8, "down")

-- The README's key bindings: the item at the cursor, or the items of a
-- visual selection.
local function reorder_move(direction)
  local params
  if vim.fn.mode():match('[vV\22]') then
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Esc>', true, false, true), 'x', false)
    params = vim.lsp.util.make_given_range_params()
  else
    params = vim.lsp.util.make_position_params()
    params.range = { start = params.position, ['end'] = params.position }
  end
  vim.lsp.buf.execute_command({ command = 'reorder.moveItem',
    arguments = { { uri = params.textDocument.uri, range = params.range, direction = direction } } })
end
vim.keymap.set({ 'n', 'x' }, '<M-S-Up>', function() reorder_move('up') end)
vim.keymap.set({ 'n', 'x' }, '<M-S-Down>', function() reorder_move('down') end)

vim.cmd("edit data.json")
local buf = vim.api.nvim_get_current_buf()
local function keys(line, column, typed)
  local before = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
  vim.api.nvim_win_set_cursor(0, { line, column })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(typed, true, false, true), "x", false)
  if not vim.wait(10000, function() return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") ~= before end, 20) then
    say(typed .. " moved nothing")
  else
    local list = {}
    for _, l in ipairs(vim.api.nvim_buf_get_lines(buf, 2, 5, false)) do table.insert(list, vim.trim(l)) end
    say(typed .. ": " .. table.concat(list, " "))
  end
end
keys(4, 6, "<M-S-Up>")
keys(4, 0, "Vj<M-S-Up>")
vim.cmd("silent write")
finish()
