-- Drives Neovim's built-in LSP client against `stave lsp` (run by test_neovim.py):
--   nvim --headless -u NONE -i NONE -n --cmd 'set rtp^=Editors/nvim' -c 'luafile check.lua'
-- Environment: STAVE (the binary), STAVE_NVIM_EXAMPLE (a clean song, opened before setup),
-- STAVE_NVIM_SONG (a broken copy of ode-to-joy.stave: its
-- `instrument flute` misspelt `flut`), STAVE_NVIM_OUT (where the results go, as JSON).
-- Every step's result is recorded; test_neovim.py checks them.
local results = { steps = {} }
local function record(key, value) results[key] = value; table.insert(results.steps, key) end

-- The clients attached to a buffer, as a list (0.7's buf_get_clients is keyed by client ID).
local function clients_of(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  local list = {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do table.insert(list, client) end
  return list
end

local function diagnostics_of(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code
    if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
    table.insert(out, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, code = code, source = d.source })
  end
  return out
end

-- Hover at a 1-based line and a byte column, through the client (UTF-16 conversion included).
local function hover_at(bufnr, line, col)
  vim.api.nvim_win_set_cursor(0, { line, col })
  local params = vim.lsp.util.make_position_params(0, 'utf-16')
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 5000) or {}
  for _, response in pairs(responses) do
    if response.result and response.result.contents then return response.result.contents.value end
    if response.err then return 'error: ' .. vim.inspect(response.err) end
  end
  return vim.NIL
end

-- Go to definition with vim.lsp.buf.definition() from a 1-based line and byte column; the
-- cursor where it lands.
local function definition_from(line, col)
  vim.api.nvim_win_set_cursor(0, { line, col })
  vim.lsp.buf.definition()
  vim.wait(5000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= line end, 20)
  return vim.api.nvim_win_get_cursor(0)
end

local ok, problem = pcall(function()
  record('version', tostring(vim.version().major) .. '.' .. tostring(vim.version().minor))
  -- A Stave buffer opened before setup gets the server from setup.
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('STAVE_NVIM_EXAMPLE')))
  vim.bo.filetype = 'stave'
  local early = vim.api.nvim_get_current_buf()
  require('stave').setup({ cmd = { os.getenv('STAVE'), 'lsp' } })
  record('attached_before_setup', vim.wait(10000, function() return #clients_of(early) > 0 end, 20))
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('STAVE_NVIM_SONG')))
  local bufnr = vim.api.nvim_get_current_buf()
  record('filetype', vim.bo.filetype)
  record('attached', vim.wait(10000, function() return #clients_of(bufnr) > 0 end, 20))
  record('client_name', (clients_of(bufnr)[1] or {}).name or vim.NIL)

  -- Diagnostics of the broken copy, published without any request.
  record('got_diagnostics', vim.wait(10000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20))
  record('diagnostics', diagnostics_of(bufnr))

  -- Hover on the first `f4` of the theme (line 14: `    o4 f4 f g a | …`).
  record('hover_note', hover_at(bufnr, 14, 7))
  -- Hover on the phrase ID of `repeat theme` (line 16).
  record('hover_phrase', hover_at(bufnr, 16, 10))

  -- Go to definition: `repeat theme` and `sync lead.theme` (line 23) land on `phrase theme`.
  record('definition_repeat', definition_from(16, 10))
  record('definition_sync', definition_from(23, 13))

  -- Fix the error by typing (flut → flute): Neovim sends an incremental change.
  vim.api.nvim_buf_set_text(bufnr, 11, 17, 11, 17, { 'e' })
  record('cleared', vim.wait(10000, function() return #vim.diagnostic.get(bufnr) == 0 end, 20))

  -- A comment with an emoji before the notes: `f4` moves to byte column 20, UTF-16 column 17.
  vim.api.nvim_buf_set_text(bufnr, 13, 4, 13, 4, { '/* 🎵é */ ' })
  record('line_14', vim.api.nvim_buf_get_lines(bufnr, 13, 14, false)[1])
  record('hover_after_emoji', hover_at(bufnr, 14, 20))

  -- Break it again on that line: `f g` → `f~ g` ties to another pitch (an error); Neovim maps
  -- the server's UTF-16 columns back to byte columns.
  vim.api.nvim_buf_set_text(bufnr, 13, 24, 13, 24, { '~' })
  record('got_tie_error', vim.wait(10000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20))
  record('tie_diagnostics', diagnostics_of(bufnr))
end)
record('ok', ok)
if not ok then record('problem', tostring(problem)) end
vim.fn.writefile({ vim.fn.json_encode(results) }, os.getenv('STAVE_NVIM_OUT'))
vim.cmd('qall!')
