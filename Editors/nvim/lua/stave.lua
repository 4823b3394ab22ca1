-- Stave for Neovim: `*.stave` files get the filetype `stave` and the language server
-- `stave lsp` (diagnostics as you type, hover, go to definition, references, rename,
-- completion, symbols, folding, semantic tokens, formatting, quick fixes).
--
-- Neovim 0.8 and later start the server with vim.lsp.start (one server per folder, shared by
-- its songs); Neovim 0.7 (Debian 12) with vim.lsp.start_client and vim.lsp.buf_attach_client.
--
-- Setup (Editors/README.md): put Editors/nvim on 'runtimepath', then in init.lua
--   require('stave').setup()
-- or in init.vim
--   lua require('stave').setup()
-- Options (all optional):
--   cmd          the server command, default { 'stave', 'lsp' }
--   on_attach    function(client, bufnr) called when a buffer gets the server (key maps)
--   capabilities the client capabilities to announce (e.g. from nvim-cmp)
local M = {}

M.config = {
  name = 'stave',
  cmd = { 'stave', 'lsp' },
  on_attach = nil,
  capabilities = nil,
}

-- Neovim 0.7: the client of each folder, by folder.
local clients = {}

local function folder_of(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then return vim.fn.getcwd() end
  return vim.fn.fnamemodify(path, ':p:h')
end

local function client_config(root)
  return {
    name = M.config.name,
    cmd = M.config.cmd,
    root_dir = root,
    on_attach = M.config.on_attach,
    capabilities = M.config.capabilities or vim.lsp.protocol.make_client_capabilities(),
  }
end

--- Starts (or reuses) the server for a buffer and attaches the buffer to it.
--- Returns the client ID, or nil when the server could not be started.
function M.attach(bufnr)
  if bufnr == nil or bufnr == 0 then bufnr = vim.api.nvim_get_current_buf() end
  local root = folder_of(bufnr)
  if vim.lsp.start then
    -- 0.8+: vim.lsp.start attaches the current buffer, reusing a client of the same name and folder.
    local id
    vim.api.nvim_buf_call(bufnr, function() id = vim.lsp.start(client_config(root)) end)
    return id
  end
  local id = clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(client_config(root))
    clients[root] = id
  end
  if id ~= nil then vim.lsp.buf_attach_client(bufnr, id) end
  return id
end

--- Sets the filetype of `*.stave` files and starts the server for each Stave buffer.
function M.setup(options)
  M.config = vim.tbl_extend('force', M.config, options or {})
  local group = vim.api.nvim_create_augroup('stave_lsp', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group, pattern = '*.stave', command = 'setfiletype stave',
  })
  vim.api.nvim_create_autocmd('FileType', {
    group = group, pattern = 'stave',
    callback = function(args) M.attach(args.buf) end,
  })
  -- Stave buffers opened before setup.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.bo[bufnr].filetype == 'stave' then
      M.attach(bufnr)
    end
  end
  return M
end

return M
