-- Headless Neovim 0.7+ as an LSP client of `scoresheet lsp`: opens the file given in
-- SCORESHEET_FILE, waits for its diagnostics and prints them (line and column 1-based,
-- code, message), hovers on the move after the first, then writes `Bh4` over the first one's
-- text and waits for the diagnostics to clear. Exits 0, or 1 when none arrived in time or
-- they did not clear.
local server = os.getenv("SCORESHEET") or "scoresheet"
local file = assert(os.getenv("SCORESHEET_FILE"), "SCORESHEET_FILE not set")
local timeout = tonumber(os.getenv("SCORESHEET_WAIT_MS") or "20000")

local received = nil
local latest = nil
local client_id = vim.lsp.start_client({
  name = "scoresheet",
  cmd = { server, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":p:h"),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      if result then
        latest = result.diagnostics
        if #result.diagnostics > 0 and received == nil then
          received = result.diagnostics
        end
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

-- Hover on the first diagnostic's move: its first line.
local first = received[1].range.start
local hover = vim.lsp.buf_request_sync(0, "textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = first.line, character = first.character + 7 },
}, 5000)
for _, answer in pairs(hover or {}) do
  if answer.result then
    io.stdout:write("hover: " .. vim.split(answer.result.contents.value, "\n")[1] .. "\n")
  end
end

-- The wrong move mended in the buffer: Neovim sends the change incrementally.
local d = received[1].range
vim.api.nvim_buf_set_text(0, d.start.line, d.start.character, d["end"].line, d["end"].character, { "Bh4" })
local cleared = vim.wait(timeout, function() return latest ~= nil and #latest == 0 end, 50)
io.stdout:write(string.format("after the edit (Bh4): %d diagnostics\n", latest and #latest or -1))
if not cleared then
  vim.cmd("cquit 1")
end
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd("qall!")
