-- Headless Neovim 0.7+ as an LSP client of `scoresheet lsp`: opens the file given in
-- SCORESHEET_FILE, waits for its diagnostics and prints them (line and column 1-based,
-- code, message), then exits 0, or 1 when none arrived in time.
local server = os.getenv("SCORESHEET") or "scoresheet"
local file = assert(os.getenv("SCORESHEET_FILE"), "SCORESHEET_FILE not set")
local timeout = tonumber(os.getenv("SCORESHEET_WAIT_MS") or "20000")

local received = nil
local client_id = vim.lsp.start_client({
  name = "scoresheet",
  cmd = { server, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":p:h"),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      if result and #result.diagnostics > 0 then
        received = result.diagnostics
      end
    end,
  },
})
if not client_id then
  io.stderr:write("could not start " .. server .. " lsp\n")
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
vim.bo.filetype = "markdown"
vim.lsp.buf_attach_client(0, client_id)

local ok = vim.wait(timeout, function() return received ~= nil end, 50)
if not ok then
  io.stdout:write("no diagnostics within " .. timeout .. " ms\n")
  vim.cmd("cquit 1")
end
local client = vim.lsp.get_client_by_id(client_id)
io.stdout:write(string.format("server: %s, incremental sync: %s\n",
  client.name, tostring(client.server_capabilities.textDocumentSync.change == 2)))
for _, d in ipairs(received) do
  local line = vim.api.nvim_buf_get_lines(0, d.range.start.line, d.range.start.line + 1, false)[1]
  io.stdout:write(string.format("%s:%d:%d: %s [%s] %s\n", vim.fn.fnamemodify(file, ":t"),
    d.range.start.line + 1, d.range.start.character + 1, d.code or "", d.source or "",
    (d.message:gsub("\n", " | "))))
  io.stdout:write("    " .. line .. "\n")
end
-- Also through Neovim's own diagnostic API.
io.stdout:write(string.format("vim.diagnostic.get: %d\n", #vim.diagnostic.get(0)))
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd("qall!")
